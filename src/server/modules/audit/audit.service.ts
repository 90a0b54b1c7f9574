import { and, desc, eq, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { AuditEvent, AuditFilter, AuditListQuery, AuditPage } from "@/shared/schemas/audit";
import { auditEvents, companies } from "@/server/db/schema";
import { forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { decodeAuditCursor, encodeAuditCursor } from "./audit-cursor";
import { auditWhere } from "./audit-filter";

/** Microseconds since the epoch: the cursor's exact form of `at`. */
const atMicros = sql<string>`(extract(epoch from ${auditEvents.at}) * 1000000)::bigint::text`;

const columns = {
  id: auditEvents.id,
  at: auditEvents.at,
  atMicros,
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
  const after = query.cursor ? decodeAuditCursor(query.cursor) : undefined;
  const where = and(
    auditWhere(query, billing.timeZone),
    after ? sql`(${auditEvents.at}, ${auditEvents.id}) < (timestamptz 'epoch' + ${after.atMicros.toString()}::bigint * interval '1 microsecond', ${after.id.toString()}::bigint)` : undefined,
  );
  const rows = await db
    .select(columns)
    .from(auditEvents)
    .leftJoin(companies, eq(companies.id, auditEvents.companyId))
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeAuditCursor({ atMicros: BigInt(last.atMicros), id: last.id }) : null;
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
