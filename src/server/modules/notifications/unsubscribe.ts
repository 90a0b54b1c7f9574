import { eq } from "drizzle-orm";
import { notificationKindLabels, type MailDelivery, type NotificationKind } from "@/shared/rules/notifications";
import type { UnsubscribeInfo } from "@/shared/schemas/notification";
import type { Database } from "../../db/client";
import { notificationPreferences, profiles } from "../../db/schema";
import { badRequest } from "../../http/problem";
import { deliveriesOf } from "./mail-deliveries";
import { readUnsubscribeToken, type UnsubscribeTarget } from "./unsubscribe-token";

/**
 * What a mailed unsubscribe link does, without a session (ADR 029): the signed token names the user
 * and the kind, and is all the authority there is (unsubscribe-token.ts).
 */

const invalidLink = () => badRequest("This unsubscribe link is not valid", [{ field: "token", message: "The link is damaged or was not sent by this portal" }]);

/** The user and kind of a valid token whose account still exists; 400 naming `token` otherwise. */
async function targetOf(db: Database, secret: string, token: string): Promise<UnsubscribeTarget> {
  const target = readUnsubscribeToken(secret, token);
  if (!target) throw invalidLink();
  const [account] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, target.userId));
  if (!account) throw invalidLink();
  return target;
}

const infoOf = (kind: NotificationKind, delivery: MailDelivery): UnsubscribeInfo => ({ kind, label: notificationKindLabels[kind], delivery });

/** What an unsubscribe link would turn off, and how that kind reaches its user now. Changes nothing. */
export async function unsubscribeInfo(db: Database, secret: string, token: string): Promise<UnsubscribeInfo> {
  const { userId, kind } = await targetOf(db, secret, token);
  const deliveries = await deliveriesOf(db, userId, [kind]);
  return infoOf(kind, deliveries.get(kind)!);
}

/** Turns the link's kind of mail off for its user (again: the same answer). */
export async function unsubscribe(db: Database, secret: string, token: string): Promise<UnsubscribeInfo> {
  const { userId, kind } = await targetOf(db, secret, token);
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, delivery: "off" })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { delivery: "off" } });
  return infoOf(kind, "off");
}
