import { and, desc, eq, max, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { AccessEvent, AccessLogFilter, AccessLogListQuery, AccessLogPage, AccessLogPeople, ChainVerdict } from "@/shared/schemas/access-log";
import { accessEvents } from "@/server/db/schema";
import { badRequest, forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { before, keysetPage, micros } from "../keyset-cursor";
import { settledReads } from "./access-reads";
import { accessChain, verifyChain } from "./hash-chain";
import { isStaff } from "./staff";

const columns = {
  id: accessEvents.id,
  seq: accessEvents.seq,
  at: accessEvents.at,
  atMicros: micros(accessEvents.at),
  actorId: accessEvents.actorId,
  actorName: accessEvents.actorName,
  actorEmail: accessEvents.actorEmail,
  recordType: accessEvents.recordType,
  recordId: accessEvents.recordId,
  recordLabel: accessEvents.recordLabel,
  access: accessEvents.access,
  reason: accessEvents.reason,
  prevHash: accessEvents.prevHash,
  hash: accessEvents.hash,
};

/**
 * The company whose log the caller reads: a customer's own (whatever `companyId` they pass), if
 * they are its owner or a member an owner allowed (403 otherwise); staff name the company (400
 * without one). Waits for the staff reads this process is still recording, so a read answered a
 * moment ago is in the answer.
 */
export async function accessLogCompany(ctx: ServiceContext, companyId: string | undefined): Promise<string> {
  const company = isStaff(ctx.actor) ? companyId : (ctx.actor.companyId ?? undefined);
  if (company === undefined) {
    if (isStaff(ctx.actor)) throw badRequest("Name the company whose access log to read", [{ field: "companyId", message: "Choose an existing company" }]);
    throw forbidden("Only the company's owners, and the members an owner allows, read its access log");
  }
  if (!can(ctx.actor, "read", { type: "accessLog", companyId: company })) throw forbidden("Only the company's owners, and the members an owner allows, read its access log");
  await settledReads(ctx.db);
  return company;
}

const filtered = (companyId: string, filter: AccessLogFilter) =>
  and(
    eq(accessEvents.companyId, companyId),
    filter.actorId ? eq(accessEvents.actorId, filter.actorId) : undefined,
    filter.recordType ? eq(accessEvents.recordType, filter.recordType) : undefined,
    filter.recordId ? eq(accessEvents.recordId, filter.recordId) : undefined,
  );

/** A page of the company's access log, newest first, by keyset (ADR 050): who read or changed which record, when, and why. */
export async function listAccessLog(ctx: ServiceContext, query: AccessLogListQuery): Promise<AccessLogPage> {
  const companyId = await accessLogCompany(ctx, query.companyId);
  return pageOf(ctx, companyId, query);
}

async function pageOf({ db }: ServiceContext, companyId: string, query: AccessLogFilter & { cursor?: string | undefined; limit: number }): Promise<AccessLogPage> {
  const rows = await db
    .select(columns)
    .from(accessEvents)
    .where(and(filtered(companyId, query), before(accessEvents.at, accessEvents.id, query.cursor)))
    .orderBy(desc(accessEvents.at), desc(accessEvents.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit);
  const items = page.map(({ atMicros: _cursor, id, seq, at, ...row }): AccessEvent => ({ ...row, id: id.toString(), seq: seq.toString(), at: at.toISOString() }));
  return { items, nextCursor };
}

/** The staff members in the company's log, by name: the page's person filter. */
export async function listAccessLogPeople(ctx: ServiceContext, { companyId }: { companyId?: string | undefined }): Promise<AccessLogPeople> {
  const company = await accessLogCompany(ctx, companyId);
  const rows = await ctx.db
    .select({ id: accessEvents.actorId, name: max(accessEvents.actorName), email: max(accessEvents.actorEmail) })
    .from(accessEvents)
    .where(eq(accessEvents.companyId, company))
    .groupBy(accessEvents.actorId)
    .orderBy(sql`lower(max(${accessEvents.actorName}))`);
  return rows.map((row) => ({ id: row.id, name: row.name ?? "", email: row.email ?? "" }));
}

/** Rows fetched per round of an export: the stream holds one batch in memory at a time. */
const EXPORT_BATCH = 1000;

/** Every entry of the company's log matching `filter`, newest first, in keyset batches (the company already checked). */
export function exportAccessLog(ctx: ServiceContext, { companyId, filter }: { companyId: string; filter: AccessLogFilter }): AsyncIterable<AccessEvent> {
  return (async function* () {
    let cursor: string | undefined;
    do {
      const page = await pageOf(ctx, companyId, { ...filter, cursor, limit: EXPORT_BATCH });
      yield* page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  })();
}

/** Walks the company's chain (ADR 050): intact, or its first entry that does not hold. */
export async function verifyAccessLog(ctx: ServiceContext, { companyId }: { companyId?: string | undefined }): Promise<ChainVerdict> {
  const company = await accessLogCompany(ctx, companyId);
  return verifyChain(ctx.db, accessChain(company));
}
