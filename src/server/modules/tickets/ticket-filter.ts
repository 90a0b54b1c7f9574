import { and, eq, ilike, isNull, or, sql, type Column, type SQL } from "drizzle-orm";
import { can, type PolicyActor } from "@/shared/policies";
import type { TicketPriority, TicketStatus } from "@/shared/enums";
import { UNASSIGNED } from "@/shared/schemas/ticket";
import type { PlaceholderWhere } from "@/server/db/paged-list";
import { containsPattern, type ListFilter } from "@/server/db/scope";
import { tickets } from "@/server/db/schema";
import { ticketScope } from "../scopes";

export interface TicketFilterQuery {
  status?: TicketStatus;
  priority?: TicketPriority;
  /** A team member's id, or "unassigned". */
  assignedTo?: string;
  projectId?: string;
  companyId?: string;
  q?: string;
}

/** A list's WHERE with placeholders (a ListFilter and the search), and the name of its shape. */
export interface TicketFilter extends PlaceholderWhere {
  readonly key: string;
}

/** "#142" or "142": the ticket number a search names, if it names one (an int4 has at most 10 digits). */
export function ticketNumberOf(q: string): number | undefined {
  const match = /^#?\s*(\d{1,9})$/.exec(q.trim());
  return match ? Number(match[1]) : undefined;
}

/** `assignedTo` as a ListFilter condition: a person's tickets (or projects), or nobody's. */
export function assigneeFilter(filter: ListFilter, column: Column, assignedTo: string | undefined): ListFilter {
  if (assignedTo === UNASSIGNED) return filter.always("unassigned", isNull(column));
  return filter.equals("assignee", column, assignedTo);
}

/**
 * The tickets the caller may see, narrowed by the list's filters. A customer's `companyId` is
 * ignored: their scope is their company, and a filter never widens it. The search matches the
 * title and, when it is a number ("#142" or "142"), also the ticket of that number: an OR that a
 * ListFilter (whose conditions are ANDed) cannot say, so it is added here, with placeholders too.
 */
export function ticketFilter(actor: PolicyActor, query: TicketFilterQuery): TicketFilter {
  const readsAll = can(actor, "readAll", "ticket");
  const base = assigneeFilter(
    ticketScope(actor)
      .filter()
      .equals("status", tickets.status, query.status)
      .equals("priority", tickets.priority, query.priority)
      .equals("project", tickets.projectId, query.projectId)
      .equals("company", tickets.companyId, readsAll ? query.companyId : undefined),
    tickets.assignedTo,
    query.assignedTo,
  );
  if (!query.q) return { key: base.key, values: base.values, where: () => base.where(), whereWithValues: () => base.whereWithValues() };

  const number = ticketNumberOf(query.q);
  const values: Record<string, unknown> = { ...base.values, q: containsPattern(query.q), ...(number === undefined ? {} : { qNumber: number }) };
  const search = (value: (name: string) => unknown): SQL =>
    number === undefined
      ? ilike(tickets.title, value("q") as string)
      : or(ilike(tickets.title, value("q") as string), eq(tickets.number, value("qNumber") as number))!;
  return {
    key: `${base.key}_${number === undefined ? "q" : "q_number"}`,
    values,
    where: () => and(base.where(), search((name) => sql.placeholder(name))),
    whereWithValues: () => and(base.whereWithValues(), search((name) => values[name])),
  };
}
