import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SearchQuery, SearchResults } from "@/shared/schemas/search";
import { SEARCH_GROUP_MAX } from "@/shared/schemas/search";
import type { Database } from "@/server/db/client";
import { companies, invoices, projects, tickets } from "@/server/db/schema";
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

function ticketsTitled({ db, actor }: ServiceContext, words: string) {
  return newestOf(db, tickets, ticketColumns, and(ticketScope(actor).where, matchesWords(tickets.title, words)));
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
