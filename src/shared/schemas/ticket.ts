import { z } from "zod";
import { ticketPriorities, ticketStatuses, type TicketStatus } from "../enums";
import { NOTHING_TO_UPDATE } from "../rules/common";
import { TICKET_DESCRIPTION_MAX, TICKET_TITLE_MAX, UNASSIGNED, ticketMessages } from "../rules/ticket";
import { keysetCursorSchema, pageOf, pageQuerySchema } from "./pagination";
import { nullWhenBlank, optionalText, requiredText } from "./text";
import { attachmentsShape } from "./file";
import { instantSchema, namedRecordSchema, personSchema, timestampsShape } from "./records";

export { TICKET_DESCRIPTION_MAX, TICKET_TITLE_MAX, UNASSIGNED };

const title = requiredText(ticketMessages.titleRequired, TICKET_TITLE_MAX, ticketMessages.titleTooLong);
// Forms send "" for an untouched textarea; the database stores that as null.
const description = optionalText(ticketMessages.descriptionTooLong, TICKET_DESCRIPTION_MAX);

/**
 * New ticket (spec: project, title, priority required; priority defaults to medium). There is
 * no status or author here on purpose: every new ticket starts pending (D5) and belongs to the
 * caller, whatever the client sends.
 */
export const createTicketInputSchema = z.object({
  projectId: z.uuid(ticketMessages.chooseProject),
  title,
  description,
  priority: z.enum(ticketPriorities, ticketMessages.choosePriority).default("medium"),
});
export type CreateTicketInput = z.infer<typeof createTicketInputSchema>;

/** A team member's id; "" or null is 'Unassigned'. */
const assignedTo = nullWhenBlank(
  z
    .string()
    .trim()
    .refine((value) => value === "" || z.uuid().safeParse(value).success, ticketMessages.chooseTeamMember),
);

/**
 * Admin edit: any subset of the fields, status is a free choice (spec section 4). The assignee
 * must be a team member (the server checks the stored role); a missing key leaves it alone.
 */
export const updateTicketInputSchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    status: z.enum(ticketStatuses, ticketMessages.chooseStatus).optional(),
    priority: z.enum(ticketPriorities, ticketMessages.choosePriority).optional(),
    assignedTo: assignedTo.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE)
  // The refinement above, as the OpenAPI document can say it.
  .meta({ minProperties: 1 });
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
