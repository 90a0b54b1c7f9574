import { accessListener } from "@/server/modules/access-log/access-listener";
import { activityListener } from "@/server/modules/activity/activity-log";
import { auditListener } from "@/server/modules/audit/audit-log";
import { notificationListener } from "@/server/modules/notifications/notification-listener";
import { receiptListener } from "@/server/modules/payments/receipt-listener";
import { webhookListener } from "@/server/modules/webhooks/webhook-events";
import { realtimeListener } from "@/server/realtime/realtime-listener";
import type { ChangeListener } from "./change";
import { changeRecorder } from "./recorder";

/**
 * The one place where a change's side effects are listed (ADR 040). The process builds its
 * recorder from this list at start-up (http/service-context.ts gives it to every request as
 * `ctx.record`); a new side effect is a listener added here, not a call added to every service.
 * The order is the order of the writes in the transaction: the history first, the realtime
 * announcement last.
 */
export const changeListeners: readonly ChangeListener[] = [activityListener, notificationListener, receiptListener, webhookListener, auditListener, accessListener, realtimeListener];

/** The process's recorder: `recordChange(tx, change)`, for a write made outside a request's ServiceContext. */
export const recordChange = changeRecorder(changeListeners);
