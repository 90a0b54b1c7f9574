import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AuditFilter } from "@/shared/schemas/audit";
import { auditEvents } from "@/server/db/schema";
import { containsText } from "@/server/db/scope";

/**
 * The WHERE of the audit page and its export. `from` and `to` are whole days on the calendar of
 * `timeZone` (the installation's TIME_ZONE), both included: `to` runs until the next day's midnight there.
 */
export function auditWhere(filter: AuditFilter, timeZone: string): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    filter.actor ? containsText(auditEvents.actorEmail, filter.actor) : undefined,
    filter.companyId ? eq(auditEvents.companyId, filter.companyId) : undefined,
    filter.kind ? eq(auditEvents.kind, filter.kind) : undefined,
    filter.from ? sql`${auditEvents.at} >= (${filter.from}::date)::timestamp at time zone ${timeZone}` : undefined,
    filter.to ? sql`${auditEvents.at} < (${filter.to}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
  ];
  return and(...conditions);
}
