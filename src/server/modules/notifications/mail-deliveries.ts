import { and, eq, inArray } from "drizzle-orm";
import { can, type PolicyActor } from "@/shared/policies";
import { adminNotificationKinds, customerNotificationKinds, defaultMailDelivery, type MailDelivery, type NotificationKind } from "@/shared/rules/notifications";
import type { Database } from "../../db/client";
import { notificationPreferences } from "../../db/schema";

/**
 * Which mail a user gets of each kind (ADR 029): `immediate`, `digest` or `off`. A kind without a
 * row has its default (shared/rules/notifications.ts). The choice is read when a notification is
 * written (its `mail`), and again when it is mailed, so turning a kind off stops mail already due.
 */

/** The kinds someone in this role hears of: the provider's team its own, customers theirs. */
export const receivableKinds = (actor: PolicyActor): readonly NotificationKind[] => (can(actor, "readAll", "company") ? adminNotificationKinds : customerNotificationKinds);

/** Each kind's delivery for one user, stored or default, in the order of `kinds`. */
export async function deliveriesOf(db: Pick<Database, "select">, userId: string, kinds: readonly NotificationKind[]): Promise<Map<NotificationKind, MailDelivery>> {
  const stored = kinds.length
    ? await db
        .select({ kind: notificationPreferences.kind, delivery: notificationPreferences.delivery })
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.userId, userId), inArray(notificationPreferences.kind, [...kinds])))
    : [];
  const chosen = new Map(stored.map((row) => [row.kind, row.delivery]));
  return new Map(kinds.map((kind) => [kind, chosen.get(kind) ?? defaultMailDelivery[kind]]));
}
