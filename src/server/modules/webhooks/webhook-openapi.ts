import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { webhookEventLabels, webhookEventTypes } from "@/shared/rules/webhooks";
import { webhookPayloadSchemas } from "@/shared/schemas/webhook";

const webhookHeaders = z.object({
  "webhook-id": z.string().openapi({ description: "The delivery's id: the same on every attempt" }),
  "webhook-timestamp": z.string().openapi({ description: "Seconds since the epoch when this attempt was signed" }),
  "webhook-signature": z.string().openapi({ description: "`v1,<base64 HMAC-SHA256>` per secret in use, space-separated" }),
});

/**
 * The OpenAPI 3.1 document's `webhooks` (ADR 031): one POST per event type, with the body Portico
 * sends and the Standard Webhooks headers that sign it. Described for the document only: these
 * are requests Portico makes, not routes it serves.
 */
export function registerWebhookEvents(registry: OpenAPIHono["openAPIRegistry"]): void {
  // How a receiver knows the request is Portico's: the signature header, checked with the endpoint's secret.
  registry.registerComponent("securitySchemes", "webhookSignature", {
    type: "apiKey",
    in: "header",
    name: "webhook-signature",
    description: "Standard Webhooks: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret, as `v1,<base64>`",
  });
  for (const type of webhookEventTypes) {
    registry.registerWebhook({
      method: "post",
      path: type,
      operationId: `webhook_${type.replaceAll(".", "_")}`,
      summary: webhookEventLabels[type],
      description:
        "Sent to every enabled endpoint subscribed to this event (and, when it has one, whose company filter matches). " +
        "Verify `webhook-signature` with the endpoint's secret as the Standard Webhooks specification says (space-separated `v1,<base64>` signatures; " +
        "during a rotation there are two). `webhook-id` is the same on every retry and resend: ignore repeats. Answer 2xx within 10 s; " +
        "anything else (redirects included) is retried after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h, and then the endpoint is switched off.",
      tags: ["Webhooks"],
      security: [{ webhookSignature: [] }],
      request: {
        headers: webhookHeaders,
        body: { content: { "application/json": { schema: webhookPayloadSchemas[type] } }, required: true },
      },
      responses: { 200: { description: "Any 2xx answer counts as delivered" } },
    });
  }
}
