import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SearchQuery, SearchResults } from "@/shared/schemas/search";
import { SEARCH_GROUP_MAX } from "@/shared/schemas/search";
import type { Database } from "@/server/db/client";
import { companies, invoices, projects, tickets } from "@/server/db/schema";
import { rowsOf } from "@/server/db/rate-counter";
import { containsText } from "@/server/db/scope";
import { matchesWords, prefixQuery } from "@/server/db/full-text";
import type { ServiceContext } from "../context";
import { companyScope, invoiceScope, projectScope, ticketScope } from "../scopes";
import { ticketNumberOf } from "../tickets/ticket-filter";

/**
 * What the command palette finds for `q` (ADR 046), each kind in the caller's scope: tickets by
 * number ("#142" or "142") or by the words of their title, projects and companies by the words of
 * their name, invoices by their number. Newest first; a ticket of the typed number leads.
 */
export async function searchRecords(ctx: ServiceContext, { q }: SearchQuery): Promise<SearchResults> {
  const words = prefixQuery(q);
  const [byNumber, byTitle, foundProjects, foundInvoices, foundCompanies] = await Promise.all([
    ticketsNumbered(ctx, ticketNumberOf(q)),
    words ? ticketsTitled(ctx, words) : [],
    words ? projectsNamed(ctx, words) : [],
    invoicesNumbered(ctx, q),
    words ? companiesNamed(ctx, words) : [],
  ]);
  const ticketsFound = [...byNumber, ...byTitle.filter((ticket) => !byNumber.some((numbered) => numbered.id === ticket.id))];
  return { tickets: ticketsFound.slice(0, SEARCH_GROUP_MAX), projects: foundProjects, invoices: foundInvoices, companies: foundCompanies };
}

/** Up to SEARCH_GROUP_MAX rows of a company's records that `where` picks, with their company's name, newest first. */
function newestOf<Columns extends SelectedFields>(db: Database, table: typeof tickets | typeof projects | typeof invoices, columns: Columns, where: SQL | undefined) {
  return db
    .select({ ...columns, companyName: companies.name })
    .from(table)
    .innerJoin(companies, eq(companies.id, table.companyId))
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(SEARCH_GROUP_MAX);
}

const ticketColumns = { id: tickets.id, number: tickets.number, title: tickets.title };

function ticketsNumbered({ db, actor }: ServiceContext, number: number | undefined) {
  if (number === undefined) return [];
  return newestOf(db, tickets, ticketColumns, and(ticketScope(actor).where, eq(tickets.number, number)));
}

/**
 * How many of the newest tickets in scope a title search reads before it asks the words' index:
 * a word in one title of 400 has its five in there.
 */
const RECENT_TICKETS = 2000;

type FoundTicket = SearchResults["tickets"][number];

/**
 * The newest tickets in scope whose title has the words, by two plans, each fast where the other is
 * slow (bench/results/search.md). The newest RECENT_TICKETS are read first, which finds a common
 * word's five at once; when they hold fewer, the words' index finds every match (few, then) and
 * the newest are taken from those. Left to choose, the planner walked newest-first through 800,000
 * tickets for two words common apart but rare together (2.2 s at 1,000,000 tickets).
 */
async function ticketsTitled({ db, actor }: ServiceContext, words: string): Promise<FoundTicket[]> {
  const scope = ticketScope(actor).where;
  const recent = db
    .select({ id: tickets.id, number: tickets.number, title: tickets.title, companyId: tickets.companyId, createdAt: tickets.createdAt })
    .from(tickets)
    .where(scope)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(RECENT_TICKETS)
    .as("recent");
  const inRecent = await db
    .select({ id: recent.id, number: recent.number, title: recent.title, companyName: companies.name })
    .from(recent)
    .innerJoin(companies, eq(companies.id, recent.companyId))
    .where(matchesWords(recent.title, words))
    .orderBy(desc(recent.createdAt), desc(recent.id))
    .limit(SEARCH_GROUP_MAX);
  if (inRecent.length === SEARCH_GROUP_MAX) return inRecent;
  // OFFSET 0 keeps the matches a query of their own, planned on the words' index alone; merged
  // into the outer one, the newest-first order would tempt the planner into the walk again.
  const matched = await db.execute(sql`
    select matching.id, matching.number, matching.title, ${companies.name} as "companyName"
    from (
      select ${tickets.id}, ${tickets.number}, ${tickets.title}, ${tickets.companyId}, ${tickets.createdAt}
      from ${tickets} where ${and(scope, matchesWords(tickets.title, words))} offset 0
    ) as matching
    inner join ${companies} on ${companies.id} = matching.company_id
    order by matching.created_at desc, matching.id desc
    limit ${SEARCH_GROUP_MAX}`);
  return rowsOf<FoundTicket>(matched);
}

function projectsNamed({ db, actor }: ServiceContext, words: string) {
  return newestOf(db, projects, { id: projects.id, name: projects.name }, and(projectScope(actor).where, matchesWords(projects.name, words)));
}

/** Invoice numbers are codes, not words ("INV-2026-017"): matched as text, on their trigram index. */
function invoicesNumbered({ db, actor }: ServiceContext, q: string) {
  return newestOf(db, invoices, { id: invoices.id, invoiceNumber: invoices.invoiceNumber }, and(invoiceScope(actor).where, containsText(invoices.invoiceNumber, q)));
}

function companiesNamed({ db, actor }: ServiceContext, words: string) {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(companyScope(actor).where, matchesWords(companies.name, words)))
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(SEARCH_GROUP_MAX);
}
