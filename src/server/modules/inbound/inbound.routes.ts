import { timingSafeEqual } from "node:crypto";
import { z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { inboundMailSchema, inboundOutcomeSchema } from "@/shared/schemas/inbound";
import { systemActor } from "../../actor";
import { createRouter, type AppDeps } from "../../http/context";
import { jsonContent, problem, publicRoutes, sessionRoutes } from "../../http/openapi";
import { notFound, Problem, unauthorized } from "../../http/problem";
import { adminOnly } from "../../http/session";
import { serviceContextOf } from "../../http/service-context";
import { bearerTokenOf } from "../../http/bearer-token";
import { listInboundMails } from "./inbound-log";
import { inboundMailMaxBytes, receiveInboundMail } from "./receive-mail";

/*
 * Mail in (ADR 044): a mail provider's inbound webhook, which no session, cookie or origin
 * authorises (its bearer token INBOUND_WEBHOOK_TOKEN is its whole authority, so app.ts exempts this
 * method and path from the API's CSRF rule and JSON-only bodies, as it does Stripe's webhook), and
 * the admins' list of what came in.
 */
export const INBOUND_WEBHOOK = { method: "POST", path: "/api/inbound/mail" } as const;

export const isInboundMailWebhook = (method: string, path: string) => method === INBOUND_WEBHOOK.method && path === INBOUND_WEBHOOK.path;

const rawMail = z.string().openapi({ format: "binary", description: "The mail as received: its raw MIME (RFC 5322), headers and body." });

const webhook = publicRoutes("Inbound mail").post("/inbound/mail", "receiveInboundMail", "Public: a mail provider's inbound mail (INBOUND_WEBHOOK_TOKEN)", {
  description:
    "One received mail as raw MIME in the body (`message/rfc822`, or any type), authorised by `Authorization: Bearer <INBOUND_WEBHOOK_TOKEN>` alone. " +
    "A reply to a notification's reply address becomes a comment or chat message by its recipient; mail to the support address from a customer's address opens a ticket. " +
    "Bounces, loops, auto-replies, bulk mail, failed SPF/DKIM/DMARC, forged reply addresses, wrong senders and floods are dropped and logged, never posted: " +
    "both are answered 200 with the outcome, so the provider does not retry them. The same Message-ID again is a `duplicate` and changes nothing. " +
    "401 without the token; 404 when mail in or this webhook is off (INBOUND_DOMAIN or INBOUND_WEBHOOK_TOKEN unset); 413 above MAX_UPLOAD_MB.",
  request: { body: { content: { "message/rfc822": { schema: rawMail } }, required: true } },
  responses: {
    200: jsonContent(inboundOutcomeSchema, "What the mail came to: posted as what, or dropped and why"),
    401: problem("No bearer token, or not INBOUND_WEBHOOK_TOKEN"),
    404: problem("Mail in or its webhook is off"),
    413: problem("The mail is larger than MAX_UPLOAD_MB"),
  },
});

const sameToken = (given: string | null, expected: string) => given !== null && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** Mounted before the session API: a mail provider calls it without one. */
export function inboundWebhookRoutes(deps: AppDeps) {
  const contextFor = serviceContextOf(deps);
  const mailIn = systemActor("Mail");
  const limit = bodyLimit({
    maxSize: inboundMailMaxBytes(deps.env.MAX_UPLOAD_MB),
    onError: () => {
      throw new Problem(413, "Content Too Large", `The mail is larger than ${deps.env.MAX_UPLOAD_MB} MB`).withHeaders({ Connection: "close" });
    },
  });
  const router = createRouter();
  const path = INBOUND_WEBHOOK.path.replace(/^\/api/, "");
  // The token first: nobody else gets the body read, nor learns whether mail in is on.
  router.use(path, async (c, next) => {
    const expected = deps.env.INBOUND_WEBHOOK_TOKEN;
    if (!expected || !deps.env.INBOUND_DOMAIN) throw notFound("Mail in by webhook is off");
    if (!sameToken(bearerTokenOf(c.req.raw.headers), expected)) throw unauthorized("Send the inbound webhook's token as Authorization: Bearer");
    await next();
  });
  router.use(path, limit);
  return router.openapi(webhook, async (c) => {
    const raw = Buffer.from(await c.req.arrayBuffer());
    const ctx = contextFor(mailIn, { log: deps.log.child({ requestId: c.get("requestId") }) });
    return c.json(await receiveInboundMail(ctx, { channel: "webhook", raw }), 200);
  });
}

const route = sessionRoutes("Inbound mail", { subject: "mail" });

const list = route.get("/", "listInboundMails", "Admin: the latest mails received, newest first, with each one's fate", [401, 403], {
  description: "The latest 100 mails Portico received (ADR 044): posted as a comment, a message or a ticket, or dropped and why. A session's alone: API tokens are refused (401).",
  middleware: adminOnly,
  responses: { 200: jsonContent(z.array(inboundMailSchema), "The latest inbound mails") },
});

/** Mounted under /inbound/mails in the session API. */
export function inboundLogRoutes() {
  return createRouter().openapi(list, async (c) => c.json(await listInboundMails(c.var.ctx), 200));
}
