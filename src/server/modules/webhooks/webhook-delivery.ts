import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Database } from "@/server/db/client";
import { profiles, userRoles, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { mailLocale, mailLocaleColumns } from "@/server/mail/mail-locale";
import type { MailOutbox } from "@/server/mail/outbox";
import type { Env } from "@/server/env";
import type { Logger } from "@/server/observability/logger";
import { afterMs, claimNext, scheduledRetry, type RetryPolicy } from "@/server/ops/claim";
import { recordChange } from "@/server/changes/listeners";
import { openWebhookSecret } from "./webhook-secrets";
import { sendWebhook, WEBHOOK_TIMEOUT_MS } from "./webhook-sender";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The waits between a delivery's attempts (ADR 031): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, each
 * stretched by up to 20 % of jitter. Seven attempts over about a day; after the last one fails
 * the delivery is failed and its endpoint switched off.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR] as const;
export const WEBHOOK_RETRY: RetryPolicy = scheduledRetry(WEBHOOK_RETRY_SCHEDULE_MS);

/** How long a claimed delivery stays with its sender: well over one attempt's timeout, so a live sender always finishes first. */
export const WEBHOOK_CLAIM_MS = 2 * MINUTE;

/** Deliveries one round sends side by side: a slow receiver holds up one of them, not all. */
export const PARALLEL_SENDS = 4;

export interface WebhookDeliveryDeps {
  db: Database;
  env: Pick<Env, "AUTH_SECRET" | "WEBHOOK_ALLOW_PRIVATE">;
  log: Logger;
  /** Where the admins' mail goes when an endpoint is switched off. */
  outbox: MailOutbox;
  retry?: RetryPolicy;
  /** One attempt's limit; tests shorten it. */
  timeoutMs?: number;
}

export interface DeliveryRound {
  delivered: number;
  failedAttempts: number;
}

/**
 * Sends every due delivery (ADR 031) until none is left: each claimed in one statement with FOR
 * UPDATE SKIP LOCKED (ops/claim.ts, as the mail outbox does), so several processes never send one
 * twice, signed with the endpoint's secrets (both during a rotation's 24 hours), POSTed, and its
 * attempt and outcome written under the same claim. Deliveries of a switched-off endpoint wait.
 * Tests call it directly, after moving a delivery's `next_attempt_at` into the past when they
 * need a retry now.
 */
export async function deliverDueWebhooks(deps: WebhookDeliveryDeps): Promise<DeliveryRound> {
  const round: DeliveryRound = { delivered: 0, failedAttempts: 0 };
  const sender = async () => {
    for (;;) {
      const claimId = randomUUID();
      const delivery = await claimNext(deps.db, webhookDeliveries, {
        due: and(
          eq(webhookDeliveries.status, "pending"),
          sql`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.id} = ${webhookDeliveries.endpointId} and ${webhookEndpoints.enabled})`,
        ),
        claimId,
        claimMs: WEBHOOK_CLAIM_MS,
        returning: { id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId, body: webhookDeliveries.body, attempts: webhookDeliveries.attempts },
      });
      if (!delivery) return;
      if (await attempt(deps, delivery, claimId)) round.delivered += 1;
      else round.failedAttempts += 1;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_SENDS }, sender));
  return round;
}

interface Claimed {
  id: string;
  endpointId: string;
  body: string;
  attempts: number;
}

/** The `webhook-signature` header: one `v1,` signature per secret in use, space-separated (Standard Webhooks). */
export function signatureHeader(secrets: readonly string[], id: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(" ");
}

async function attempt(deps: WebhookDeliveryDeps, delivery: Claimed, claimId: string): Promise<boolean> {
  const { db, env, log, retry = WEBHOOK_RETRY } = deps;
  const [endpoint] = await db
    .select({
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousValid: sql<boolean>`coalesce(${webhookEndpoints.previousSecretExpiresAt} > now(), false)`,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, delivery.endpointId));
  if (!endpoint) return false; // deleted meanwhile: its deliveries went with it

  const at = new Date();
  let outcome;
  try {
    const secrets = [endpoint.secret, ...(endpoint.previousSecret && endpoint.previousValid ? [endpoint.previousSecret] : [])].map((sealed) => openWebhookSecret(env.AUTH_SECRET, sealed));
    outcome = await sendWebhook({
      url: endpoint.url,
      body: delivery.body,
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      headers: {
        "user-agent": "Portico-Webhooks/1",
        "webhook-id": delivery.id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signatureHeader(secrets, delivery.id, at, delivery.body),
      },
    });
  } catch (error) {
    // Only the secret can throw here: sealed under another AUTH_SECRET.
    log.error({ event: "webhook.secret_unreadable", endpointId: delivery.endpointId, err: error }, "webhook: the endpoint's secret cannot be read (was AUTH_SECRET changed?); rotate it");
    outcome = { ok: false, statusCode: null, durationMs: 0, response: null, error: "The endpoint's secret cannot be read (AUTH_SECRET changed?): rotate the secret" };
  }

  const gaveUp = !outcome.ok && delivery.attempts >= retry.maxAttempts;
  const mine = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.claimId, claimId));
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      at,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      response: outcome.response,
      error: outcome.error,
    });
    if (outcome.ok) {
      await tx.update(webhookDeliveries).set({ status: "delivered", claimId: null, finishedAt: sql`now()` }).where(mine);
    } else if (!gaveUp) {
      await tx.update(webhookDeliveries).set({ claimId: null, nextAttemptAt: afterMs(retry.delayMs(delivery.attempts)) }).where(mine);
    } else {
      await tx.update(webhookDeliveries).set({ status: "failed", claimId: null, finishedAt: sql`now()` }).where(mine);
      await switchOff(tx as unknown as Database, delivery, deps);
    }
  });
  if (!outcome.ok) {
    log.warn(
      { event: gaveUp ? "webhook.failed" : "webhook.retry", deliveryId: delivery.id, endpointId: delivery.endpointId, attempts: delivery.attempts, status: outcome.statusCode, error: outcome.error },
      `webhook ${delivery.id}: attempt ${delivery.attempts} failed (${outcome.statusCode ?? outcome.error})${gaveUp ? "; given up, endpoint switched off" : ""}`,
    );
  }
  return outcome.ok;
}

/**
 * After a delivery's last attempt failed: the endpoint is switched off (its other deliveries wait
 * until an admin turns it on again) and every active admin hears of it by mail, queued in the same
 * transaction (ADR 013), and in the audit log. Once, however many of its deliveries give up at the
 * same time.
 */
async function switchOff(tx: Database, delivery: Claimed, { log, outbox }: Pick<WebhookDeliveryDeps, "log" | "outbox">) {
  const reason = `Switched off after a delivery failed ${delivery.attempts} times over about a day`;
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, delivery.endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
  if (!endpoint) return;
  await recordChange(tx, { audit: { kind: "webhook.disabled", target: { type: "webhook", id: endpoint.id, label: endpoint.url.slice(0, 300) }, details: { deliveryId: delivery.id, attempts: delivery.attempts } } });
  const admins = await tx
    .select({ name: profiles.fullName, email: profiles.email, ...mailLocaleColumns })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(and(eq(userRoles.role, "admin"), isNull(profiles.deactivatedAt)));
  for (const admin of admins) {
    await outbox.enqueue(tx, {
      template: "webhook-disabled",
      to: admin.email,
      locale: mailLocale(admin),
      props: { name: admin.name, endpointUrl: endpoint.url, attempts: delivery.attempts },
    });
  }
  log.error({ event: "webhook.endpoint_disabled", endpointId: endpoint.id }, `webhook endpoint ${endpoint.url} switched off: a delivery failed ${delivery.attempts} times`);
}
