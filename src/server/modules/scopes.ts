import { and, eq, sql, type Column, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import { can, type PolicyActor } from "@/shared/policies";
import type { Database } from "@/server/db/client";
import { activityEvents, companies, files, invoices, messages, notifications, payments, projects, quotes, ticketComments, tickets, timeEntries } from "@/server/db/schema";
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

/**
 * The row `id` of `table` as `columns` when `scope` lets the actor see it, else undefined: a
 * one-off read by id, whose caller answers a missing row with 404 (another company's record is as
 * missing, D11).
 */
export async function visibleRow<Columns extends SelectedFields>(db: Database, table: PgTable & { id: AnyPgColumn }, scope: Scope, id: string, columns: Columns) {
  const [row] = await db.select(columns).from(table).where(and(eq(table.id, id), scope.where));
  return row;
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
export const messageScope = scopedBy(messages.companyId);
/** Payments carry their invoice's company; only issued invoices take them, so no draft's is among them (ADR 043). */
export const paymentScope = scopedBy(payments.companyId);
/** Tracked time carries its project's company (a foreign key keeps the two equal, ADR 047). */
export const timeEntryScope = scopedBy(timeEntries.companyId);

/** Drafts are the provider's work in progress (ADR 026): whoever does not read every invoice never sees one. */
// Stryker disable next-line StringLiteral: equivalent: can() allows an admin everything and no customer "readAll" of anything (an unknown action neither), so an emptied name decides the same
const hidesDrafts = (actor: PolicyActor) => !can(actor, "readAll", "invoice");
const notDraft = sql`${invoices.status} <> 'draft'`;

export const invoiceScope = (actor: PolicyActor): Scope => {
  const company = scopedBy(invoices.companyId)(actor);
  if (!hidesDrafts(actor)) return company;
  return { where: and(company.where, notDraft), filter: () => company.filter().always("issued", notDraft) };
};

/** A draft quote is the provider's work in progress as a draft invoice is (ADR 049): whoever does not read every quote never sees one. */
const quoteNotDraft = sql`${quotes.status} <> 'draft'`;

export const quoteScope = (actor: PolicyActor): Scope => {
  const company = scopedBy(quotes.companyId)(actor);
  if (can(actor, "readAll", "quote")) return company;
  return { where: and(company.where, quoteNotDraft), filter: () => company.filter().always("sent", quoteNotDraft) };
};

// Every invoice a file can belong to is of the file's own company; only a draft's is hidden.
const notOfDraft = sql`NOT EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.id} = ${files.invoiceId} AND ${invoices.status} = 'draft')`;
// Nor is any file of an internal note (the team's, on a ticket of the file's company).
const notOfInternalNote = sql`NOT EXISTS (SELECT 1 FROM ${ticketComments} WHERE ${ticketComments.id} = ${files.ticketCommentId} AND ${ticketComments.internal})`;

/** A file is seen by whoever may see its record, all of which belong to the file's company. */
export const fileScope = (actor: PolicyActor): Scope => {
  const company = scopedBy(files.companyId)(actor);
  if (!hidesDrafts(actor) && can(actor, "read", "internalNote")) return company;
  const hidden = and(notOfDraft, notOfInternalNote);
  return { where: and(company.where, hidden), filter: () => company.filter().always("shared", hidden!) };
};

const shared = sql`NOT ${activityEvents.adminOnly}`;

/**
 * A record's history is its company's to read (ADR 028), except the entries only the provider may
 * see (a draft invoice's), which reach whoever does not read every invoice never.
 */
export const activityScope = (actor: PolicyActor): Scope => {
  const company = scopedBy(activityEvents.companyId)(actor);
  if (!hidesDrafts(actor)) return company;
  return { where: and(company.where, shared), filter: () => company.filter().always("shared", shared) };
};

/**
 * A user's own notifications (ADR 029), and of those a customer's present company's only: someone
 * who left a company reads nothing more of it, not even what they were told while a member.
 */
export const notificationScope = (actor: PolicyActor & { userId: string }): Scope => {
  const company = scopedBy(notifications.companyId)(actor);
  const own = sql`${notifications.recipientId} = ${actor.userId}`;
  // The recipient is a value: a placeholder in the filter, so a prepared statement never keeps one user's id.
  return { where: and(company.where, own), filter: () => company.filter().equals("recipient", notifications.recipientId, actor.userId) };
};
