import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { createRouter, type AppDeps } from "./http/context";
import { errorHandler, notFound } from "./http/problem";
import { metricsHandler } from "./http/metrics-endpoint";
import { requestLog } from "./http/request-log";
import { compressJson } from "./http/compress-json";
import { apiBodyLimit, noStore, sameOriginJsonOnly, securityHeaders } from "./http/security";
import { methodNotAllowed } from "./http/method-not-allowed";
import { provideServiceContext } from "./http/service-context";
import { requireSession } from "./http/session";
import { writeRateLimit } from "./http/write-rate-limit";
import { mountWebApp } from "./http/static";
import { openApiDocumentHandler } from "./http/openapi-document-route";
import { registerAuthOperations } from "./http/openapi-auth-operations";
import { authRoutes } from "./modules/auth/auth.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { meRoutes } from "./modules/me/me.routes";
import { eventsRoutes } from "./modules/events/events.routes";
import { endStreamsOnSignOut } from "./modules/events/sign-out-hook";
import { messageRoutes } from "./modules/messages/messages.routes";
import { companiesRoutes } from "./modules/companies/companies.routes";
import { projectCommentRoutes } from "./modules/projects/project-comments.routes";
import { projectsRoutes } from "./modules/projects/projects.routes";
import { teamRoutes } from "./modules/team/team.routes";
import { invitationRoutes, publicInvitationRoutes } from "./modules/members/invitations.routes";
import { memberRoutes } from "./modules/members/members.routes";
import { invoiceRoutes } from "./modules/invoices/invoices.routes";
import { outboxRoutes } from "./modules/outbox/outbox.routes";
import { auditRoutes } from "./modules/audit/audit.routes";
import { accessLogRoutes } from "./modules/access-log/access-log.routes";
import { sessionsRoutes } from "./modules/sessions/sessions.routes";
import { settingsRoutes } from "./modules/settings/settings.routes";
import { setupRoutes } from "./modules/setup/setup.routes";
import { ticketCommentRoutes } from "./modules/tickets/ticket-comments.routes";
import { ticketRoutes } from "./modules/tickets/tickets.routes";
import { usersRoutes } from "./modules/users/users.routes";
import { attachmentRoutes } from "./modules/files/attachments.routes";
import { fileRoutes } from "./modules/files/files.routes";
import { isUploadRequest } from "./modules/files/upload-routes";
import { invoicePdfRoutes } from "./modules/invoices/invoice-pdf.routes";
import { invoiceExportRoutes } from "./modules/invoices/invoice-export.routes";
import { apiTokenRoutes } from "./modules/api-tokens/api-tokens.routes";
import { activityRoutes } from "./modules/activity/activity.routes";
import { notificationRoutes } from "./modules/notifications/notifications.routes";
import { notificationPreferenceRoutes } from "./modules/notifications/preferences.routes";
import { isOneClickUnsubscribe, unsubscribeRoutes } from "./modules/notifications/unsubscribe.routes";
import { webhookRoutes } from "./modules/webhooks/webhooks.routes";
import { overviewRoutes } from "./modules/overview/overview.routes";
import { searchRoutes } from "./modules/search/search.routes";
import { registerWebhookEvents } from "./modules/webhooks/webhook-openapi";
import { checkoutRoutes, isPaymentWebhook, paymentWebhookRoutes } from "./modules/payments/online-payments.routes";
import { invoicePaymentRoutes, paymentRoutes } from "./modules/payments/payments.routes";
import { inboundLogRoutes, inboundWebhookRoutes, isInboundMailWebhook } from "./modules/inbound/inbound.routes";
import { invoiceTimeRoutes, projectTimeRoutes, timeEntryRoutes } from "./modules/time/time.routes";
import { recurringInvoiceRoutes } from "./modules/recurring/recurring.routes";
import { quoteRoutes } from "./modules/quotes/quotes.routes";
import { companySsoRoutes, publicSsoRoutes } from "./modules/sso/sso.routes";

/**
 * Every route behind a session. Chained so `typeof` carries the route types. A module's
 * sub-resources (comments) are routers of their own, mounted under the same prefix.
 */
function createSessionApi(deps: AppDeps) {
  const limitWrites = writeRateLimit(deps);
  return createRouter()
    .use("*", requireSession(deps), provideServiceContext(deps))
    // Writes that post content others see; POST only (the middleware skips other methods).
    .use("/messages", limitWrites)
    .use("/tickets", limitWrites)
    .use("/tickets/:id/comments", limitWrites)
    .use("/projects/:id/comments", limitWrites)
    // Uploads too: each lands on others' screens like a comment. (An invoice's PDF is the admins', who are not limited.)
    .use("/tickets/:id/files", limitWrites)
    .use("/tickets/:id/comments/:commentId/files", limitWrites)
    .use("/projects/:id/comments/:commentId/files", limitWrites)
    .use("/messages/:id/files", limitWrites)
    .route("/me", meRoutes(deps.env))
    .route("/sessions", sessionsRoutes())
    .route("/tokens", apiTokenRoutes())
    .route("/messages", messageRoutes())
    .route("/events", eventsRoutes(deps))
    .route("/companies", companiesRoutes())
    .route("/companies", memberRoutes())
    .route("/companies", companySsoRoutes())
    .route("/invitations", invitationRoutes(deps))
    .route("/projects", projectsRoutes())
    .route("/projects", projectCommentRoutes())
    .route("/projects", projectTimeRoutes())
    .route("/time-entries", timeEntryRoutes())
    .route("/recurring-invoices", recurringInvoiceRoutes())
    .route("/quotes", quoteRoutes())
    .route("/team", teamRoutes())
    .route("/users", usersRoutes())
    .route("/tickets", ticketRoutes())
    .route("/tickets", ticketCommentRoutes())
    .route("/invoices", invoiceExportRoutes(deps))
    .route("/invoices", invoiceRoutes())
    .route("/invoices", invoicePdfRoutes(deps))
    .route("/invoices", checkoutRoutes())
    .route("/invoices", invoicePaymentRoutes())
    .route("/invoices", invoiceTimeRoutes())
    .route("/payments", paymentRoutes(deps))
    .route("/files", fileRoutes(deps))
    .route("/", attachmentRoutes())
    .route("/outbox", outboxRoutes())
    .route("/inbound/mails", inboundLogRoutes())
    .route("/audit", auditRoutes(deps))
    .route("/access-log", accessLogRoutes(deps))
    .route("/", activityRoutes())
    .route("/notifications", notificationRoutes())
    .route("/notifications", notificationPreferenceRoutes())
    .route("/settings", settingsRoutes(deps))
    .route("/overview", overviewRoutes())
    .route("/search", searchRoutes())
    .route("/webhooks", webhookRoutes());
}

/** Where createApp mounts the API, and where the document's paths are relative to. */
const API_BASE_PATH = "/api";
/** The OpenAPI document's own path (not described in it). */
const DOCUMENT_PATH = "/openapi.json";

export function createApi(deps: AppDeps) {
  const api = new OpenAPIHono();
  // Every API answer is no-store, the 405 below included.
  api.use("*", noStore);
  // A known path with a method it lacks: 405 with Allow (RFC 9110), before any other refusal.
  api.use("*", methodNotAllowed(api, API_BASE_PATH, [{ method: "get", path: DOCUMENT_PATH }]));
  // The one-click unsubscribe (RFC 8058) is exempt from the CSRF rule: a mail provider POSTs it as a
  // form from its own servers, with no cookie, and the signed token in its URL is its only authority.
  // So is a payment provider's webhook (ADR 043), whose signature is its only authority.
  // So is a mail provider's inbound webhook (ADR 044), whose bearer token is its only authority and
  // whose body is a mail, as large as MAX_UPLOAD_MB allows (its route sets that limit itself).
  const ownAuthority = (method: string, path: string) => isOneClickUnsubscribe(method, path) || isPaymentWebhook(method, path) || isInboundMailWebhook(method, path);
  api.use(
    "*",
    sameOriginJsonOnly(deps.env.BASE_URL, isUploadRequest, ownAuthority),
    apiBodyLimit((method, path) => isUploadRequest(method, path) || isInboundMailWebhook(method, path)),
    compressJson,
  );
  // Before Better Auth's handler: a successful sign-out ends that session's event streams everywhere.
  api.use("/auth/sign-out", endStreamsOnSignOut(deps));
  api.route("/auth", authRoutes(deps));
  api.route("/", healthRoutes(deps));
  api.route("/", publicInvitationRoutes(deps));
  // A mailed unsubscribe link works signed out, and by a mail provider's one-click POST.
  api.route("/", unsubscribeRoutes(deps));
  // Stripe posts its signed events without a session, from its own servers (ADR 043).
  api.route("/", paymentWebhookRoutes(deps));
  // A mail provider posts received mail with its bearer token, without a session (ADR 044).
  api.route("/", inboundWebhookRoutes(deps));
  // The first run in the browser: public, and 404 once an admin exists (ADR 021).
  api.route("/", setupRoutes(deps));
  // Single sign-on (ADR 051): starting at an identity provider, and its redirect back.
  api.route("/", publicSsoRoutes(deps));
  api.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: "portico.session_token",
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API token made on the account page (admins and company owners): `Authorization: Bearer ptc_…`. It acts with its maker's rights; a read-only token only reads.",
  });
  // Served by Better Auth's handler above, not by declared routes: described for the document only.
  registerAuthOperations(api.openAPIRegistry);
  // What Portico sends to webhook endpoints (ADR 031): the document's `webhooks`.
  registerWebhookEvents(api.openAPIRegistry);
  api.get(
    DOCUMENT_PATH,
    openApiDocumentHandler(api, {
      openapi: "3.1.0",
      info: { title: `${deps.env.BRAND_NAME} API`, version: "1.0.0" },
      // The paths below are relative to /api, where createApp mounts this router: without a server
      // entry a client would read them as relative to the host's root.
      servers: [{ url: API_BASE_PATH }],
    }),
  );
  // Registered last: everything not matched above needs a session (so unknown API paths answer
  // 401 to strangers rather than mapping out which routes exist).
  api.route("/", createSessionApi(deps));
  return api;
}

export type ApiType = ReturnType<typeof createSessionApi>;

export interface CreateAppOptions {
  /** Folder of the built SPA; when it holds no index.html only the API is served. */
  webDist?: string;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono();
  // First: its time covers everything below, and every answer gets its X-Request-Id.
  app.use("*", requestLog(deps));
  app.use("*", securityHeaders(deps.env.BASE_URL));
  app.onError(errorHandler(deps.log));
  app.route(API_BASE_PATH, createApi(deps));
  app.all("/api/*", () => {
    throw notFound("No such API route");
  });
  // Outside /api: for a scraper, not the web app (404 unless METRICS_TOKEN is set).
  app.get("/metrics", metricsHandler(deps));
  if (options.webDist) mountWebApp(app, options.webDist, deps.brand.name);
  app.notFound((c) => c.text("Not found", 404));
  return app;
}
