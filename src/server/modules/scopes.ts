import type { Column, SQL } from "drizzle-orm";
import type { PolicyActor } from "@/shared/policies";
import { companies, files, invoices, messages, projects, tickets } from "@/server/db/schema";
import { ListFilter, visibleTo } from "@/server/db/scope";

/**
 * The rows of one entity an actor may touch (DESIGN section 5): admins every company's, a
 * customer their own company's, a customer without a company none. One builder per entity, so
 * the rule has one name wherever it is applied; a query that skips it says so in its name.
 */
export interface Scope {
  /** For a one-off query's where (undefined: no restriction). */
  readonly where: SQL | undefined;
  /** The same rule as the start of a ListFilter, for named prepared statements (lists, detail reads). */
  filter(): ListFilter;
}

const scopedBy =
  (companyColumn: Column) =>
  (actor: PolicyActor): Scope => ({
    where: visibleTo(actor, companyColumn),
    filter: () => new ListFilter(actor, companyColumn),
  });

export const companyScope = scopedBy(companies.id);
export const projectScope = scopedBy(projects.companyId);
/** Tickets carry their company (kept equal to the project's by a foreign key): no join needed. */
export const ticketScope = scopedBy(tickets.companyId);
export const invoiceScope = scopedBy(invoices.companyId);
export const messageScope = scopedBy(messages.companyId);
/** A file is seen by whoever may see its record, all of which belong to the file's company. */
export const fileScope = scopedBy(files.companyId);
