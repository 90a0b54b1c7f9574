import { and, desc, eq } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { AuditEvent, AuditFilter, AuditListQuery, AuditPage } from "@/shared/schemas/audit";
import { auditEvents, companies } from "@/server/db/schema";
import { forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { before, keysetPage, micros } from "../keyset-cursor";
import { auditWhere } from "./audit-filter";

const columns = {
  id: auditEvents.id,
  at: auditEvents.at,
  atMicros: micros(auditEvents.at),
  kind: auditEvents.kind,
  actorId: auditEvents.actorId,
  actorEmail: auditEvents.actorEmail,
  companyId: auditEvents.companyId,
  companyName: companies.name,
  targetType: auditEvents.targetType,
  targetId: auditEvents.targetId,
  targetLabel: auditEvents.targetLabel,
  ip: auditEvents.ip,
  userAgent: auditEvents.userAgent,
  details: auditEvents.details,
};

function requireAuditReader(actor: ServiceContext["actor"]): void {
  if (!can(actor, "readAll", "audit")) throw forbidden();
}

/**
 * Admin only: the audit log, newest first, a page at a time by keyset (ADR 027), so the
 * thousandth page reads as few rows as the first. No total: counting a million rows per page
 * would cost more than the page.
 */
export async function listAuditEvents({ db, actor, billing }: ServiceContext, query: AuditListQuery): Promise<AuditPage> {
  requireAuditReader(actor);
  const where = and(auditWhere(query, billing.timeZone), before(auditEvents.at, auditEvents.id, query.cursor));
  const rows = await db
    .select(columns)
    .from(auditEvents)
    .leftJoin(companies, eq(companies.id, auditEvents.companyId))
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit);
  const items = page.map(({ atMicros: _cursor, id, at, ...row }): AuditEvent => ({ ...row, id: id.toString(), at: at.toISOString() }));
  return { items, nextCursor };
}

/** Rows fetched per round of the export: the stream holds one batch in memory at a time. */
const EXPORT_BATCH = 1000;

/**
 * Every entry matching `filter`, newest first, in keyset batches, for the CSV export. Checks the
 * caller before the first row, so a refused export answers 403 rather than an empty file.
 */
export function exportAuditEvents(ctx: ServiceContext, filter: AuditFilter): AsyncIterable<AuditEvent> {
  requireAuditReader(ctx.actor);
  return (async function* () {
    let cursor: string | undefined;
    do {
      const page = await listAuditEvents(ctx, { ...filter, cursor, limit: EXPORT_BATCH });
      yield* page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  })();
}
