import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { TimeEntry } from "@/shared/schemas/time-entry";
import type { Database } from "@/server/db/client";
import { companies, invoices, profiles, projects, tickets, timeEntries } from "@/server/db/schema";

/** The columns of an entry as the API answers it, with the records it names. */
const columns = {
  id: timeEntries.id,
  project: { id: projects.id, name: projects.name },
  company: { id: companies.id, name: companies.name },
  ticketId: tickets.id,
  ticketNumber: tickets.number,
  ticketTitle: tickets.title,
  workDate: timeEntries.workDate,
  minutes: timeEntries.minutes,
  description: timeEntries.description,
  billable: timeEntries.billable,
  rate: timeEntries.rate,
  invoiceId: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  // A left join: null once the account is gone.
  loggedBy: { id: profiles.id, name: profiles.fullName, email: profiles.email },
  createdAt: timeEntries.createdAt,
  updatedAt: timeEntries.updatedAt,
};

const selectFrom = (db: Pick<Database, "select">) =>
  db
    .select(columns)
    .from(timeEntries)
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .innerJoin(companies, eq(companies.id, timeEntries.companyId))
    .leftJoin(tickets, eq(tickets.id, timeEntries.ticketId))
    .leftJoin(invoices, eq(invoices.id, timeEntries.invoiceId))
    .leftJoin(profiles, eq(profiles.id, timeEntries.loggedBy));

/** The entries `where` selects, newest day of work first, then newest logged. */
export async function selectTimeEntries(db: Pick<Database, "select">, where: SQL | undefined, page: { limit: number; offset: number }): Promise<TimeEntry[]> {
  const rows = await selectFrom(db)
    .where(where)
    .orderBy(desc(timeEntries.workDate), desc(timeEntries.createdAt), desc(timeEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toTimeEntry);
}

/** How many entries `where` selects. */
export async function countTimeEntries(db: Pick<Database, "select">, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(timeEntries).where(where);
  return row?.count ?? 0;
}

/** One entry by id within `scope`, or undefined. */
export async function selectTimeEntry(db: Pick<Database, "select">, id: string, scope: SQL | undefined): Promise<TimeEntry | undefined> {
  const [entry] = await selectTimeEntries(db, and(eq(timeEntries.id, id), scope), { limit: 1, offset: 0 });
  return entry;
}

type Row = Awaited<ReturnType<ReturnType<typeof selectFrom>["execute"]>>[number];

function toTimeEntry(row: Row): TimeEntry {
  const { ticketId, ticketNumber, ticketTitle, invoiceId, invoiceNumber, createdAt, updatedAt, ...entry } = row;
  return {
    ...entry,
    ticket: ticketId === null ? null : { id: ticketId, number: ticketNumber!, title: ticketTitle! },
    invoice: invoiceId === null ? null : { id: invoiceId, invoiceNumber: invoiceNumber! },
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
