import { outboxListQuerySchema, outboxPageSchema } from "@/shared/schemas/outbox";
import { createRouter } from "../../http/context";
import { queryRead, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { listOutbox } from "./outbox.service";

const route = sessionRoutes("Outbox", { subject: "mail" });

const list = route.get("/", "listOutbox", "Admin: outgoing mail, newest first, with each one's delivery state", [400, 401, 403], {
  description:
    "Queued mail waits for the worker (and its retries), `sent` was accepted by SMTP_URL's server, `logged` was printed to the server log " +
    "because no SMTP_URL is set, `failed` was refused for good (`lastError` holds the server's answer). `text` is the plain-text part with every link that carries a secret (a password reset, an invitation, an address confirmation, an unsubscribe link) replaced by `[link removed]`, " +
    "from the moment the mail is queued; the live parts go only to the mail server (or the log) and are dropped once the worker is done with the mail. " +
    "A session's alone: API tokens are refused (401).",
  middleware: adminOnly,
  ...queryRead(outboxListQuerySchema, outboxPageSchema, "A page of mail"),
});

export function outboxRoutes() {
  return createRouter().openapi(list, async (c) => c.json(await listOutbox(c.var.ctx, c.req.valid("query")), 200));
}
