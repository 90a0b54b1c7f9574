import { sql, type SQL } from "drizzle-orm";
import { NOTIFICATION_EXCERPT_MAX, defaultMailDelivery, type NotificationKind } from "@/shared/rules/notifications";
import type { Database } from "@/server/db/client";
import { companyUsers, notificationPreferences, notifications, userRoles } from "@/server/db/schema";

/** Any connection or transaction: callers pass the transaction of the event they announce. */
export type NotificationWriter = Pick<Database, "execute">;

/** Who hears of an event; the one who acted never does. */
export type Audience =
  /** Every member of the event's company. */
  | { members: true }
  /** The members who may answer the company's quotes: its owners, and those an owner allowed (ADR 049). */
  | { quoteAnswerers: true }
  /** The provider's team (every admin). */
  | { admins: true }
  /** These users, already known to be allowed to see the record (a ticket's participants, a project's assignee). */
  | { users: SQL };

export interface NotificationEvent {
  kind: NotificationKind;
  companyId: string;
  /** The record it is about; none for a conversation's or a company's. */
  record?: { type: "ticket" | "project" | "invoice" | "quote"; id: string };
  actor: { userId: string | null; name: string | null };
  field?: string | null;
  from?: string | null;
  to?: string | null;
  /** A message's or comment's text (clipped), a new member's name, a paying company's name. */
  excerpt?: string | null;
}

const recordColumn = { ticket: "ticket_id", project: "project_id", invoice: "invoice_id", quote: "quote_id" } as const;

function audienceQuery(event: NotificationEvent, audience: Audience): SQL {
  if ("members" in audience) return sql`select ${companyUsers.userId} as id from ${companyUsers} where ${companyUsers.companyId} = ${event.companyId}`;
  if ("quoteAnswerers" in audience)
    return sql`select ${companyUsers.userId} as id from ${companyUsers} where ${companyUsers.companyId} = ${event.companyId} and (${companyUsers.role} = 'owner' or ${companyUsers.answersQuotes})`;
  if ("admins" in audience) return sql`select ${userRoles.userId} as id from ${userRoles} where ${userRoles.role} = 'admin'`;
  return audience.users;
}

/** The rows of a raw statement: both drivers answer { rows }; Drizzle's type of a raw statement's result is driver-neutral. */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

const clip = (text: string | null | undefined) => {
  if (text == null) return null;
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > NOTIFICATION_EXCERPT_MAX ? `${flat.slice(0, NOTIFICATION_EXCERPT_MAX - 1)}…` : flat;
};

/**
 * Writes one notification per recipient in the caller's transaction (ADR 029), in one statement:
 * the audience, minus the actor, minus anyone already notified of this event by an earlier call
 * (`exclude`), each with the mail delivery of their preference (`off` keeps the notification in the
 * app and sends no mail). Returns who was notified, so a later audience of the same event can skip
 * them: one notification per event per recipient.
 */
export async function notify(tx: NotificationWriter, event: NotificationEvent, audience: Audience, exclude: readonly string[] = []): Promise<string[]> {
  const record = event.record;
  const column = record ? sql.raw(recordColumn[record.type]) : undefined;
  const delivery = sql`coalesce(${notificationPreferences.delivery}, ${defaultMailDelivery[event.kind]})`;
  const excluded = exclude.length ? sql`and r.id <> all(${`{${exclude.join(",")}}`}::uuid[])` : sql``;
  const result = await tx.execute(sql`
    insert into ${notifications} (recipient_id, company_id, kind, ${column ? sql`${column},` : sql``} actor_id, actor_name, field, from_value, to_value, excerpt, mail)
    select r.id, ${event.companyId}, ${event.kind}, ${record ? sql`${record.id},` : sql``} ${event.actor.userId}, ${event.actor.name},
      ${event.field ?? null}, ${event.from ?? null}, ${event.to ?? null}, ${clip(event.excerpt)},
      case ${delivery} when 'off' then 'none' else ${delivery} end
    from (select distinct id from (${audienceQuery(event, audience)}) a where id is not null) r
    left join ${notificationPreferences} on ${notificationPreferences.userId} = r.id and ${notificationPreferences.kind} = ${event.kind}
    where r.id is distinct from ${event.actor.userId} ${excluded}
    returning recipient_id`);
  return rowsOf<{ recipient_id: string }>(result).map((row) => row.recipient_id);
}
