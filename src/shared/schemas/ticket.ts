import { z } from "zod";
import { ticketPriorities, ticketStatuses, type TicketStatus } from "../enums";
import { TICKET_DESCRIPTION_MAX, TICKET_TITLE_MAX, UNASSIGNED, ticketFields, ticketForms } from "../rules/ticket";
import { zodForm } from "./fields";
import { keysetCursorSchema, pageOf, pageQuerySchema } from "./pagination";
import { attachmentsShape } from "./file";
import { instantSchema, namedRecordSchema, personSchema, timestampsShape } from "./records";

export { TICKET_DESCRIPTION_MAX, TICKET_TITLE_MAX, UNASSIGNED };

export const createTicketInputSchema = zodForm(ticketFields, ticketForms.create);
export type CreateTicketInput = z.infer<typeof createTicketInputSchema>;

export const updateTicketInputSchema = zodForm(ticketFields, ticketForms.update);
export type UpdateTicketInput = z.infer<typeof updateTicketInputSchema>;

/** An assignee filter: a team member's id, or "unassigned" for the tickets or projects nobody has. */
export const assigneeFilterSchema = z
  .union([z.uuid(), z.literal(UNASSIGNED)], { error: "Use a team member's id or \"unassigned\"" })
  .optional()
  .describe('A team member\'s id, or "unassigned"');

export const ticketListQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(ticketStatuses).optional(),
    priority: z.enum(ticketPriorities).optional(),
    assignedTo: assigneeFilterSchema,
    projectId: z.uuid().optional(),
    // Admins only; a customer's list is always their own company's.
    companyId: z.uuid().optional(),
    /** The page after this position (a previous page's nextCursor) instead of a page number (ADR 033). */
    cursor: keysetCursorSchema,
  })
  .refine((query) => !query.cursor || query.page === 1, { path: ["page"], message: "Leave page out with a cursor: the cursor says where the page starts" });
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** The board's column counts: the list's filters and search, without paging. */
export const ticketStatusCountsQuerySchema = z.object({
  projectId: z.uuid().optional(),
  q: pageQuerySchema.shape.q,
  // Admins only, as in the list.
  companyId: z.uuid().optional(),
});
export type TicketStatusCountsQuery = z.infer<typeof ticketStatusCountsQuerySchema>;

const exactCount = z.number().int().min(0);
/** How many tickets there are in each status: exact at any size (no cap, unlike a list's total). */
export const ticketStatusCountsSchema = z.object({ pending: exactCount, doing: exactCount, done: exactCount } satisfies Record<TicketStatus, z.ZodNumber>);
export type TicketStatusCounts = z.infer<typeof ticketStatusCountsSchema>;

/**
 * Who handles a ticket, as every reader of it may see them: the name, or the address of someone
 * without one. Nothing else of the person.
 */
export const assigneeSchema = z.object({ id: z.uuid(), name: z.string() });

/** One row of a ticket list (customer board, admin table, project detail table). */
export const ticketListItemSchema = z.object({
  id: z.uuid(),
  /** The short number people quote ("#142"): one sequence for all companies. */
  number: z.number().int().min(1),
  title: z.string(),
  status: z.enum(ticketStatuses),
  priority: z.enum(ticketPriorities),
  ...timestampsShape,
  project: namedRecordSchema,
  company: namedRecordSchema,
  /** The team member handling it; null when unassigned. */
  assignee: assigneeSchema.nullable(),
  /** How many comments it has. */
  commentCount: z.number().int().min(0),
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const ticketPageSchema = pageOf(ticketListItemSchema).extend({
  /** The cursor of the next page, by page number or by cursor alike; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TicketPage = z.infer<typeof ticketPageSchema>;

export const ticketSchema = ticketListItemSchema.extend({
  description: z.string().nullable(),
  project: namedRecordSchema.extend({ slug: z.string() }),
  createdBy: personSchema.nullable(),
  /** Files attached to the ticket itself, oldest first (not its comments'). */
  ...attachmentsShape,
});
export type Ticket = z.infer<typeof ticketSchema>;

/** POST /tickets/{id}/seen: when a team member first opened the ticket (this call or an earlier one). */
export const ticketSeenSchema = z.object({ seenByTeamAt: instantSchema });
export type TicketSeen = z.infer<typeof ticketSeenSchema>;
