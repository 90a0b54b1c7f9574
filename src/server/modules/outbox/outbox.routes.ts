import { createRoute } from "@hono/zod-openapi";
import { outboxListQuerySchema, outboxPageSchema } from "@/shared/schemas/outbox";
import { createRouter } from "../../http/context";
import { jsonContent, problemResponses, sessionSecurity } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { listOutbox } from "./outbox.service";

const list = createRoute({
  method: "get",
  path: "/",
  tags: ["Outbox"],
  summary: "Admin: outgoing mail, newest first, with each one's delivery state",
  description:
    "Queued mail waits for the worker (and its retries), `sent` was accepted by SMTP_URL's server, `logged` was printed to the server log " +
    "because no SMTP_URL is set, `failed` was refused for good (`lastError` holds the server's answer). The text part is kept until an SMTP server accepts the mail.",
  security: sessionSecurity,
  middleware: [requireRole("admin")] as const,
  request: { query: outboxListQuerySchema },
  responses: {
    200: jsonContent(outboxPageSchema, "A page of mail"),
    400: problemResponses[400],
    401: problemResponses[401],
    403: problemResponses[403],
  },
});

export function outboxRoutes() {
  return createRouter().openapi(list, async (c) => c.json(await listOutbox(c.var.ctx, c.req.valid("query")), 200));
}
