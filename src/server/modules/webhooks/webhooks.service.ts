import { and, count, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_PREVIOUS_SECRET_HOURS } from "@/shared/rules/webhooks";
import type {
  CreateWebhookInput,
  UpdateWebhookInput,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryQuery,
  WebhookWithSecret,
} from "@/shared/schemas/webhook";
import { isForeignKeyViolation } from "@/server/db/errors";
import { companies, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { badRequest, conflict, forbidden, notFound } from "@/server/http/problem";
import { auditBy } from "@/server/changes/audit-entry";
import type { ServiceContext, WebhookSettings } from "../context";
import { registrationRefusal } from "./webhook-address";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secrets";


/* Admins only (ADR 031): webhooks belong to no company; customers never see or configure them. */
function adminsOnly(ctx: ServiceContext) {
  if (!can(ctx.actor, "readAll", "webhook")) throw forbidden();
}

const endpointNotFound = () => notFound("Webhook not found");
const companyMissing = () => badRequest("The company does not exist", [{ field: "companyId", message: "Choose an existing company" }]);

function checkUrl(url: string, settings: WebhookSettings) {
  const refusal = registrationRefusal(url, settings.allowPrivate);
  if (refusal) throw badRequest(refusal, [{ field: "url", message: refusal }]);
}

const { secret: _secret, previousSecret: _previous, ...listed } = getTableColumns(webhookEndpoints);
const endpointColumns = { ...listed, companyName: companies.name };
type EndpointRow = typeof webhookEndpoints.$inferSelect & { companyName: string | null };

function toWebhook(row: Omit<EndpointRow, "secret">): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    company: row.companyId && row.companyName ? { id: row.companyId, name: row.companyName } : null,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? row.previousSecretExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadEndpoint(ctx: ServiceContext, id: string): Promise<Webhook> {
  const [row] = await ctx.db
    .select({ ...endpointColumns, previousSecret: webhookEndpoints.previousSecret })
    .from(webhookEndpoints)
    .leftJoin(companies, eq(companies.id, webhookEndpoints.companyId))
    .where(eq(webhookEndpoints.id, id));
  if (!row) throw endpointNotFound();
  return toWebhook(row);
}

export async function listWebhooks(ctx: ServiceContext): Promise<Webhook[]> {
  adminsOnly(ctx);
  const rows = await ctx.db
    .select({ ...endpointColumns, previousSecret: webhookEndpoints.previousSecret })
    .from(webhookEndpoints)
    .leftJoin(companies, eq(companies.id, webhookEndpoints.companyId))
    .orderBy(desc(webhookEndpoints.createdAt), webhookEndpoints.id);
  return rows.map(toWebhook);
}

export async function getWebhook(ctx: ServiceContext, id: string): Promise<Webhook> {
  adminsOnly(ctx);
  return loadEndpoint(ctx, id);
}

const auditTarget = (id: string, url: string) => ({ type: "webhook", id, label: url.slice(0, 300) });

/** Registers an endpoint; the answer carries its secret, the only time it is shown. */
export async function createWebhook(
  ctx: ServiceContext,
  { input }: { input: CreateWebhookInput & { description: string; enabled: boolean; companyId: string | null } },
): Promise<WebhookWithSecret> {
  adminsOnly(ctx);
  checkUrl(input.url, ctx.settings.webhooks);
  const [registered] = await ctx.db.select({ n: count() }).from(webhookEndpoints);
  if ((registered?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw conflict(`There are ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints already, the most one installation can have: delete one first`);
  const secret = newWebhookSecret();
  const id = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(webhookEndpoints)
        .values({ url: input.url, description: input.description, eventTypes: input.eventTypes, companyId: input.companyId, enabled: input.enabled, secret: sealWebhookSecret(ctx.settings.webhooks.authSecret, secret), createdBy: ctx.actor.userId })
        .returning({ id: webhookEndpoints.id });
      await ctx.record(tx, { audit: auditBy(ctx, { kind: "webhook.created", target: auditTarget(row!.id, input.url), details: { events: input.eventTypes.join(" ") } }) });
      return row!.id;
    })
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error)) throw companyMissing();
      throw error;
    });
  return { ...(await loadEndpoint(ctx, id)), secret };
}

/** Changes the fields sent. Turning an endpoint on clears why the server switched it off; its waiting deliveries go out again. */
export async function updateWebhook(ctx: ServiceContext, { id, input }: { id: string; input: UpdateWebhookInput }): Promise<Webhook> {
  adminsOnly(ctx);
  if (input.url !== undefined) checkUrl(input.url, ctx.settings.webhooks);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(webhookEndpoints)
        .set({ ...changes, ...(input.enabled !== undefined ? { disabledReason: null } : {}), updatedAt: sql`now()` })
        .where(eq(webhookEndpoints.id, id))
        .returning({ url: webhookEndpoints.url });
      if (!row) throw endpointNotFound();
      await ctx.record(tx, { audit: auditBy(ctx, { kind: "webhook.updated", target: auditTarget(id, row.url), details: { fields: Object.keys(changes).join(" ") } }) });
    })
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error)) throw companyMissing();
      throw error;
    });
  return loadEndpoint(ctx, id);
}

/** Removes an endpoint with its deliveries and their attempts. */
export async function deleteWebhook(ctx: ServiceContext, id: string): Promise<void> {
  adminsOnly(ctx);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ url: webhookEndpoints.url });
    if (!row) throw endpointNotFound();
    await ctx.record(tx, { audit: auditBy(ctx, { kind: "webhook.deleted", target: auditTarget(id, row.url) }) });
  });
}

/**
 * A new secret, shown once; the one it replaces keeps signing beside it for 24 hours (both
 * signatures on every delivery), so the receiver can switch without losing an event.
 */
export async function rotateWebhookSecret(ctx: ServiceContext, { id }: { id: string }): Promise<WebhookWithSecret> {
  adminsOnly(ctx);
  const secret = newWebhookSecret();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretExpiresAt: sql`now() + ${WEBHOOK_PREVIOUS_SECRET_HOURS} * interval '1 hour'`,
        secret: sealWebhookSecret(ctx.settings.webhooks.authSecret, secret),
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning({ url: webhookEndpoints.url });
    if (!row) throw endpointNotFound();
    await ctx.record(tx, { audit: auditBy(ctx, { kind: "webhook.secret_rotated", target: auditTarget(id, row.url) }) });
  });
  return { ...(await loadEndpoint(ctx, id)), secret };
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  payload: webhookDeliveries.body,
  createdAt: webhookDeliveries.createdAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  finishedAt: webhookDeliveries.finishedAt,
};
type DeliveryRow = { [K in keyof typeof deliveryColumns]: (typeof deliveryColumns)[K]["_"]["data"] | ((typeof deliveryColumns)[K]["_"]["notNull"] extends true ? never : null) };

/** The rows with their attempts, oldest attempt first: one query for all of them. */
async function withAttempts(ctx: ServiceContext, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  const ids = rows.map((row) => row.id);
  const attempts = ids.length
    ? await ctx.db
        .select({ deliveryId: webhookAttempts.deliveryId, at: webhookAttempts.at, statusCode: webhookAttempts.statusCode, durationMs: webhookAttempts.durationMs, response: webhookAttempts.response, error: webhookAttempts.error })
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(webhookAttempts.at, webhookAttempts.id)
    : [];
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    attempts: attempts.filter((attempt) => attempt.deliveryId === row.id).map(({ deliveryId: _id, at, ...attempt }) => ({ ...attempt, at: at.toISOString() })),
  }));
}

/** An endpoint's deliveries, newest first, a page at a time, each with its attempts. */
export async function listWebhookDeliveries(ctx: ServiceContext, { endpointId, query }: { endpointId: string; query: WebhookDeliveryQuery }): Promise<WebhookDeliveryPage> {
  adminsOnly(ctx);
  await loadEndpoint(ctx, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), webhookDeliveries.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { items: await withAttempts(ctx, rows), total: total?.n ?? 0, totalExact: true, page: query.page, pageSize: query.pageSize };
}

/**
 * Sends a delivery again, with the same `webhook-id` and body, as a new round of attempts (the
 * retry schedule starts over; the attempt log keeps the earlier ones). A delivery still waiting
 * is made due now. A switched-off endpoint sends nothing: 409 until it is turned on.
 */
export async function resendWebhookDelivery(ctx: ServiceContext, deliveryId: string): Promise<WebhookDelivery> {
  adminsOnly(ctx);
  const [found] = await ctx.db
    .select({ status: webhookDeliveries.status, enabled: webhookEndpoints.enabled })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!found) throw notFound("Delivery not found");
  if (!found.enabled) throw conflict("The webhook is switched off; turn it on to send its deliveries again");
  // A delivery being sent right now (claimed) is left to its sender: resetting it could send it twice at once.
  await ctx.db
    .update(webhookDeliveries)
    .set(found.status === "pending" ? { nextAttemptAt: sql`now()` } : { status: "pending", attempts: 0, nextAttemptAt: sql`now()`, finishedAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), sql`(${webhookDeliveries.claimId} is null or ${webhookDeliveries.nextAttemptAt} <= now())`));
  const [row] = await ctx.db.select(deliveryColumns).from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  return (await withAttempts(ctx, [row!]))[0]!;
}
