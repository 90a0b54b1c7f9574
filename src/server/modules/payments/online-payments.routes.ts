import { z } from "@hono/zod-openapi";
import { checkoutInputSchema, checkoutSchema } from "@/shared/schemas/payment";
import { systemActor } from "../../actor";
import { createRouter, type AppDeps } from "../../http/context";
import { idParams, jsonBody, jsonContent, problem, publicRoutes, sessionRoutes, writeRefusals } from "../../http/openapi";
import { serviceContextOf } from "../../http/service-context";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, readIdempotencyKey } from "../idempotency/idempotency-key";
import { openInvoiceCheckout } from "./checkout.service";
import { receivePaymentWebhook } from "./payment-webhooks";

/*
 * Online payment (ADR 043): the customer's checkout, behind the session, and the provider's
 * webhook, which no session, cookie or origin authorises: its signature is its whole authority,
 * so app.ts exempts this method and path, and only these, from the API's CSRF rule
 * (http/security.ts), as it does the one-click unsubscribe.
 */
export const STRIPE_WEBHOOK = { method: "POST", path: "/api/payments/stripe/webhook" } as const;

export const isPaymentWebhook = (method: string, path: string) => method === STRIPE_WEBHOOK.method && path === STRIPE_WEBHOOK.path;

// The validator looks the name up in lower case and so always finds it absent: the handler reads it.
const checkoutHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .openapi({
      param: { name: IDEMPOTENCY_HEADER, in: "header", required: false },
      description: "Passed on to the payment provider (made the caller's own), so that a retried request opens one checkout; without it every request opens a new one.",
      example: "5f0c6a3e-8f7b-4c2e-9d51-3a7e2b9c4d10",
    }),
});

const route = sessionRoutes("Invoices");

const checkout = route.post("/{id}/checkout", "openInvoiceCheckout", "Open the payment provider's checkout for an invoice (its customer)", [400, 401, 403, 404, 409], {
  description:
    "For the amount due, or a part of it (`amount`) where the invoice allows partial payments: otherwise, or above the amount due, 400 naming `amount`. " +
    "The answer's `url` is the provider's hosted page the payer goes to; the payment is recorded only when the provider's signed webhook confirms it, " +
    "never by the browser coming back. 404 when online payment is off (PAYMENTS unset) and for an invoice the caller does not see; " +
    "409 naming `status` for one that is paid, void or has nothing due; 403 for an admin. 503 when the provider cannot be reached: nothing was charged or stored.",
  request: { params: idParams, headers: checkoutHeaders, body: jsonBody(checkoutInputSchema) },
  responses: {
    201: jsonContent(checkoutSchema, "The checkout, opened at the provider"),
    503: problem("The payment provider cannot be reached or refused: nothing was charged or stored"),
  },
});

/** Mounted under /invoices in the session API. */
export function checkoutRoutes() {
  return createRouter().openapi(checkout, async (c) => {
    const idempotencyKey = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    return c.json(await openInvoiceCheckout(c.var.ctx, { invoiceId: c.req.valid("param").id, idempotencyKey, ...c.req.valid("json") }), 201);
  });
}

/** The part of a Stripe event the document shows; the handler reads the signed bytes, not this. */
const stripeEventBody = z.looseObject({ id: z.string(), type: z.string() }).openapi("StripeEvent");

const received = z.object({ received: z.literal(true) });

const webhook = publicRoutes("Payments").post("/payments/stripe/webhook", "receiveStripeWebhook", "Public: Stripe's signed events (checkout.session.completed, charge.refunded)", {
  description:
    "Stripe's webhook endpoint, authorised by the `Stripe-Signature` of STRIPE_WEBHOOK_SECRET alone: no session, from any origin. " +
    "A signature that does not verify (forged, altered or too old) is 400 and records nothing. Each event id is handled once: " +
    "a replayed or duplicated event is answered 200 and records nothing again. A completed checkout becomes a payment only when Portico opened it, " +
    "for that invoice, amount and currency; anything else is recorded as an audit entry `payment.alert` and answered 200, so Stripe does not retry it. " +
    "404 when online payment with Stripe is off.",
  request: { body: { content: { "application/json": { schema: stripeEventBody } }, required: true } },
  responses: {
    200: jsonContent(received, "The event was handled, now or before"),
    400: problem("The signature does not verify, or the body is not an event; nothing was recorded"),
    404: problem("Online payment with Stripe is off"),
    413: writeRefusals[413],
    415: writeRefusals[415],
  },
});

/** Mounted before the session API: Stripe calls it without one. */
export function paymentWebhookRoutes(deps: AppDeps) {
  // Not a user's request: the provider acts, as nobody of the portal (as a job of the process does).
  const contextFor = serviceContextOf(deps);
  const stripe = systemActor("Stripe");
  return createRouter().openapi(webhook, async (c) => {
    // The exact bytes Stripe signed: Hono keeps the text the body validator parsed.
    const rawBody = await c.req.text();
    const ctx = contextFor(stripe, { log: deps.log.child({ requestId: c.get("requestId") }) });
    await receivePaymentWebhook(ctx, { provider: "stripe", rawBody, headers: c.req.raw.headers });
    return c.json({ received: true as const }, 200);
  });
}
