import { and, inArray, lt, sql } from "drizzle-orm";
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from "@/shared/rules/webhooks";
import type { Database } from "@/server/db/client";
import { webhookDeliveries } from "@/server/db/schema";

/**
 * Deletes the deliveries that finished (delivered, or failed for good) more than `retentionDays`
 * ago, their attempts with them (ON DELETE CASCADE): a busy installation writes a delivery per
 * event per endpoint, and the log is for looking into last week's failures, not an archive.
 * Pending deliveries stay however old, since they still have to go out. Answers how many it removed.
 */
export async function pruneWebhookDeliveries(db: Database, retentionDays = WEBHOOK_DELIVERY_RETENTION_DAYS): Promise<number> {
  const removed = await db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ["delivered", "failed"]), lt(webhookDeliveries.finishedAt, sql`now() - ${retentionDays}::int * interval '1 day'`)))
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}
