import { WEBHOOK_ENDPOINTS_MAX } from "@/shared/rules/webhooks";
import { z } from "@hono/zod-openapi";
import {
  createWebhookInputSchema,
  updateWebhookInputSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from "@/shared/schemas/webhook";
import { createRouter } from "../../http/context";
import { bodyWrite, idParams, idRead, idRemoval, idWrite, jsonContent, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from "./webhooks.service";

const route = sessionRoutes("Webhooks", { subject: "webhook" });

const privateNote =
  "A URL whose host is a loopback, private or link-local address (or `localhost`) is refused with a 400 naming `url` unless the server runs with " +
  "`WEBHOOK_ALLOW_PRIVATE=true`; names are resolved and checked again at every send.";

const list = route.get("/", "listWebhooks", "Admin: every webhook endpoint, newest first", [401, 403], {
  middleware: adminOnly,
  responses: { 200: jsonContent(z.array(webhookSchema), "The endpoints, without their secrets") },
});

const create = route.post("/", "createWebhook", `Admin: register a webhook endpoint (at most ${WEBHOOK_ENDPOINTS_MAX}: 409 beyond)`, [400, 401, 403, 409], {
  description: `The answer carries the signing secret (Standard Webhooks, \`whsec_…\`): the only time it is shown. ${privateNote} \`companyId\` limits the endpoint to one company's events.`,
  middleware: adminOnly,
  ...bodyWrite(createWebhookInputSchema, 201, webhookWithSecretSchema, "The endpoint and its secret"),
});

const get = route.get("/{id}", "getWebhook", "Admin: one webhook endpoint", [400, 401, 403, 404], {
  middleware: adminOnly,
  ...idRead(webhookSchema, "The endpoint"),
});

const update = route.patch("/{id}", "updateWebhook", "Admin: change a webhook endpoint, or switch it on or off", [400, 401, 403, 404], {
  description: `Only the fields sent change. Switching an endpoint on clears \`disabledReason\` and sends its waiting deliveries. ${privateNote}`,
  middleware: adminOnly,
  ...idWrite(updateWebhookInputSchema, 200, webhookSchema, "The endpoint"),
});

const remove = route.delete("/{id}", "deleteWebhook", "Admin: delete a webhook endpoint with its deliveries", [400, 401, 403, 404], {
  middleware: adminOnly,
  ...idRemoval("Deleted"),
});

const rotate = route.post("/{id}/rotate-secret", "rotateWebhookSecret", "Admin: give a webhook endpoint a new secret", [400, 401, 403, 404], {
  description: "The answer carries the new secret, shown once. For 24 hours every delivery is signed with both the new and the previous secret (two `v1,` signatures), so the receiver can switch without losing an event.",
  middleware: adminOnly,
  ...idRead(webhookWithSecretSchema, "The endpoint and its new secret"),
});

const deliveries = route.get("/{id}/deliveries", "listWebhookDeliveries", "Admin: a webhook endpoint's deliveries, newest first, with every attempt", [400, 401, 403, 404], {
  middleware: adminOnly,
  request: { params: idParams, query: webhookDeliveryQuerySchema },
  responses: { 200: jsonContent(webhookDeliveryPageSchema, "A page of deliveries") },
});

const resend = route.post("/deliveries/{id}/resend", "resendWebhookDelivery", "Admin: send a delivery again", [400, 401, 403, 404, 409], {
  description: "Same `webhook-id` and body, a new round of attempts with the retry schedule starting over; the attempt log keeps the earlier ones. 409 while the endpoint is switched off.",
  middleware: adminOnly,
  ...idRead(webhookDeliverySchema, "The delivery, due now"),
});

export function webhookRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listWebhooks(c.var.ctx), 200))
    .openapi(create, async (c) => c.json(await createWebhook(c.var.ctx, { input: c.req.valid("json") }), 201))
    .openapi(get, async (c) => c.json(await getWebhook(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(update, async (c) => c.json(await updateWebhook(c.var.ctx, { id: c.req.valid("param").id, input: c.req.valid("json") }), 200))
    .openapi(remove, async (c) => {
      await deleteWebhook(c.var.ctx, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(rotate, async (c) => c.json(await rotateWebhookSecret(c.var.ctx, c.req.valid("param")), 200))
    .openapi(deliveries, async (c) => c.json(await listWebhookDeliveries(c.var.ctx, { endpointId: c.req.valid("param").id, query: c.req.valid("query") }), 200))
    .openapi(resend, async (c) => c.json(await resendWebhookDelivery(c.var.ctx, c.req.valid("param").id), 200));
}
