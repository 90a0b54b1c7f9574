import { sql } from "drizzle-orm";
import type { NotificationPreferences, UpdateNotificationPreferences } from "@/shared/schemas/notification";
import { notificationPreferences } from "../../db/schema";
import { badRequest } from "../../http/problem";
import type { ServiceContext } from "../context";
import { deliveriesOf, receivableKinds } from "./mail-deliveries";

/** The caller's own mail choices, for the kinds their role receives (ADR 029); nobody reads or sets another's. */
export async function getNotificationPreferences({ db, actor }: ServiceContext): Promise<NotificationPreferences> {
  const deliveries = await deliveriesOf(db, actor.userId, receivableKinds(actor));
  return { items: [...deliveries].map(([kind, delivery]) => ({ kind, delivery })) };
}

/** Stores the listed kinds' deliveries (the rest stay as they are) and answers every kind's. */
export async function updateNotificationPreferences(ctx: ServiceContext, input: UpdateNotificationPreferences): Promise<NotificationPreferences> {
  const allowed: readonly string[] = receivableKinds(ctx.actor);
  const seen = new Set<string>();
  const errors = input.items.flatMap((item, index) => {
    const field = `items.${index}.kind`;
    if (!allowed.includes(item.kind)) return [{ field, message: "Not a notification your account receives" }];
    // One statement upserts them all, and it may not touch a row twice.
    if (seen.has(item.kind)) return [{ field, message: "Listed twice" }];
    seen.add(item.kind);
    return [];
  });
  if (errors.length) throw badRequest(errors.map((error) => `${error.field}: ${error.message}`).join("; "), errors);
  await ctx.db
    .insert(notificationPreferences)
    .values(input.items.map((item) => ({ userId: ctx.actor.userId, kind: item.kind, delivery: item.delivery })))
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { delivery: sql`excluded.delivery` } });
  return getNotificationPreferences(ctx);
}
