import { and, desc, eq, type SQL } from "drizzle-orm";
import type { ActivitySubject } from "@/shared/rules/activity";
import type { ActivityEntry, ActivityPage, ActivityQuery } from "@/shared/schemas/activity";
import { activityEvents, companies, invoices, projects, quotes, tickets } from "@/server/db/schema";
import { notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { before, keysetPage, micros } from "../keyset-cursor";
import { joinNamedRecords, recordName } from "../record-names";
import { activityScope, companyScope, invoiceScope, projectScope, quoteScope, ticketScope } from "../scopes";

const columns = {
  id: activityEvents.id,
  at: activityEvents.at,
  atMicros: micros(activityEvents.at),
  kind: activityEvents.kind,
  actorId: activityEvents.actorId,
  actorName: activityEvents.actorName,
  field: activityEvents.field,
  from: activityEvents.fromValue,
  to: activityEvents.toValue,
  projectId: activityEvents.projectId,
  ticketId: activityEvents.ticketId,
  invoiceId: activityEvents.invoiceId,
  quoteId: activityEvents.quoteId,
  label: recordName,
  slug: projects.slug,
};

interface Row {
  id: bigint;
  atMicros: string;
  label: string;
  at: Date;
  kind: ActivityEntry["kind"];
  actorId: string | null;
  actorName: string | null;
  field: string | null;
  from: string | null;
  to: string | null;
  projectId: string | null;
  ticketId: string | null;
  invoiceId: string | null;
  quoteId: string | null;
  slug: string | null;
}

function toEntry(row: Row): ActivityEntry {
  const type: ActivitySubject = row.projectId ? "project" : row.ticketId ? "ticket" : row.invoiceId ? "invoice" : "quote";
  return {
    id: row.id.toString(),
    at: row.at.toISOString(),
    kind: row.kind,
    subject: { type, id: (row.projectId ?? row.ticketId ?? row.invoiceId ?? row.quoteId)!, label: row.label, slug: row.slug },
    actor: { id: row.actorId, name: row.actorName },
    field: row.field,
    from: row.from,
    to: row.to,
  };
}

/** Newest first, a keyset page at a time, of the entries `where` selects that the caller may read. */
async function page({ db, actor, billing }: ServiceContext, where: SQL, query: ActivityQuery): Promise<ActivityPage> {
  const rows = await joinNamedRecords(db.select(columns).from(activityEvents).$dynamic(), activityEvents)
    .where(and(where, activityScope(actor).where, before(activityEvents.at, activityEvents.id, query.cursor)))
    .orderBy(desc(activityEvents.at), desc(activityEvents.id))
    .limit(query.limit + 1);
  const { page: entries, nextCursor } = keysetPage<Row>(rows, query.limit);
  return { items: entries.map(toEntry), nextCursor, currency: billing.currency };
}

/** Whether the caller may see the record at all (D11: another company's answers like a missing one). */
const visible = {
  project: async ({ db, actor }: ServiceContext, id: string) =>
    (await db.select({ id: projects.id }).from(projects).where(and(eq(projects.id, id), projectScope(actor).where))).length > 0,
  ticket: async ({ db, actor }: ServiceContext, id: string) =>
    (await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.id, id), ticketScope(actor).where))).length > 0,
  // A draft is no customer's to see, nor its history (ADR 026).
  invoice: async ({ db, actor }: ServiceContext, id: string) =>
    (await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.id, id), invoiceScope(actor).where))).length > 0,
  // A draft quote is the team's alone, as a draft invoice is (ADR 049).
  quote: async ({ db, actor }: ServiceContext, id: string) =>
    (await db.select({ id: quotes.id }).from(quotes).where(and(eq(quotes.id, id), quoteScope(actor).where))).length > 0,
} satisfies Record<ActivitySubject, (ctx: ServiceContext, id: string) => Promise<boolean>>;

const missing = { project: "Project not found", ticket: "Ticket not found", invoice: "Invoice not found", quote: "Quote not found" } satisfies Record<ActivitySubject, string>;
const subjectColumn = { project: activityEvents.projectId, ticket: activityEvents.ticketId, invoice: activityEvents.invoiceId, quote: activityEvents.quoteId };

/** A project's, ticket's, invoice's or quote's history, newest first. */
export async function listRecordActivity(
  ctx: ServiceContext,
  { subject, id, query }: { subject: ActivitySubject; id: string; query: ActivityQuery },
): Promise<ActivityPage> {
  if (!(await visible[subject](ctx, id))) throw notFound(missing[subject]);
  return page(ctx, eq(subjectColumn[subject], id), query);
}

/** What happened lately across a company's records: its members' own company, any for an admin. */
export async function listCompanyActivity(ctx: ServiceContext, { companyId, query }: { companyId: string; query: ActivityQuery }): Promise<ActivityPage> {
  const [company] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), companyScope(ctx.actor).where));
  if (!company) throw notFound("Company not found");
  return page(ctx, eq(activityEvents.companyId, companyId), query);
}
