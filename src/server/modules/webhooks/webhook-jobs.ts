import type { Database } from "@/server/db/client";
import type { Env } from "@/server/env";
import type { Logger } from "@/server/observability/logger";
import { startPeriodicJob } from "@/server/ops/periodic-job";
import type { EventBus } from "@/server/realtime/event-bus";
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from "@/shared/rules/webhooks";
import { deliverDueWebhooks, type WebhookDeliveryDeps } from "./webhook-delivery";
import { pruneWebhookDeliveries } from "./webhook-retention";

/** A look for due deliveries when nothing woke the sender: retries come due, a wake-up was lost. */
export const WEBHOOK_LOOK_MS = 5_000;
/**
 * Change events closer together than this wake the sender once. Each round is four claim
 * statements even when nothing is due, and a busy chat announces hundreds of changes a second:
 * woken by each, the sender ran ~800 statements a second at 200 messages a second, the sends' own
 * statements waiting behind them (issue 21, bench/sse-fanout.ts). A delivery leaves at most this
 * much later.
 */
export const WEBHOOK_WAKE_COALESCE_MS = 50;
/** Finished deliveries older than their retention are removed once a day (and at start-up). */
const PRUNE_INTERVAL_MS = 24 * 60 * 60_000;

export interface WebhookJobs {
  /** Looks for due deliveries now. */
  wake(): void;
  /** Stops, waiting for the round in progress at most `graceMs` (server.ts, before the database closes). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * This process's webhook sender (ADR 031), on the periodic job runner like the notification jobs:
 * a round every 5 s, and one within WEBHOOK_WAKE_COALESCE_MS whenever changes are announced on the
 * event bus (every write that records a webhook event announces one with its commit, in every
 * process), so a delivery usually leaves within tens of milliseconds of its commit. The claim makes each go out once however many
 * processes run it. A second job removes finished deliveries past their retention once a day.
 */
export function startWebhookJobs({ events, ...deps }: Omit<WebhookDeliveryDeps, "env"> & { env: Pick<Env, "AUTH_SECRET" | "WEBHOOK_ALLOW_PRIVATE">; events: EventBus; db: Database; log: Logger }): WebhookJobs {
  const job = startPeriodicJob(
    async () => {
      const { delivered, failedAttempts } = await deliverDueWebhooks(deps);
      if (delivered > 0) deps.log.info({ event: "webhooks.delivered", delivered, failedAttempts }, `webhooks: ${delivered} delivered, ${failedAttempts} attempt(s) failed`);
    },
    { intervalMs: WEBHOOK_LOOK_MS, onError: (error) => deps.log.warn({ event: "webhooks.round_failed", err: error }, "webhooks: the round failed; trying again at the next one") },
  );
  const prune = startPeriodicJob(
    async () => {
      const removed = await pruneWebhookDeliveries(deps.db);
      if (removed > 0) deps.log.info({ event: "webhooks.pruned", removed }, `webhooks: removed ${removed} finished deliveries older than ${WEBHOOK_DELIVERY_RETENTION_DAYS} days`);
    },
    { intervalMs: PRUNE_INTERVAL_MS, onError: (error) => deps.log.warn({ event: "webhooks.prune_failed", err: error }, "webhooks: removing old deliveries failed; trying again tomorrow") },
  );
  let pendingWake: NodeJS.Timeout | undefined;
  const wakeSoon = () => {
    pendingWake ??= setTimeout(() => {
      pendingWake = undefined;
      job.wake();
    }, WEBHOOK_WAKE_COALESCE_MS);
  };
  const unsubscribe = events.subscribe({ onEvent: wakeSoon, onResync: wakeSoon });
  return {
    wake: () => job.wake(),
    async stop(graceMs = 4_000) {
      unsubscribe();
      clearTimeout(pendingWake);
      // A round may be waiting on a slow receiver (up to 10 s): what it has not recorded when the
      // grace runs out keeps its claim, which runs out, and another process sends it again.
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all([job.stop(), prune.stop()]), new Promise<void>((resolve) => (giveUp = setTimeout(resolve, graceMs)))]);
      clearTimeout(giveUp);
    },
  };
}
