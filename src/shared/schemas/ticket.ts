import { z } from "zod";
import { ticketPriorities, ticketStatuses } from "../enums";
import { pageOf, pageQuerySchema } from "./pagination";

export const TICKET_TITLE_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 10_000;

const title = z
  .string("Title is required")
  .trim()
  .min(1, "Title is required")
  .max(TICKET_TITLE_MAX, `Title must be at most ${TICKET_TITLE_MAX} characters`);

// Forms send "" for an untouched textarea; the database stores that as null.
const description = z
  .string()
  .trim()
  .max(TICKET_DESCRIPTION_MAX, "Description is too long")
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * New ticket (spec: project, title, priority required; priority defaults to medium). There is
 * no status or author here on purpose: every new ticket starts pending (D5) and belongs to the
 * caller, whatever the client sends.
 */
export const createTicketInputSchema = z.object({
  projectId: z.uuid("Choose a project"),
  title,
  description,
  priority: z.enum(ticketPriorities, "Choose a priority").default("medium"),
});
export type CreateTicketInput = z.infer<typeof createTicketInputSchema>;

/** Admin edit: any subset of the fields, status is a free choice (spec section 4). */
export const updateTicketInputSchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    status: z.enum(ticketStatuses, "Choose a status").optional(),
    priority: z.enum(ticketPriorities, "Choose a priority").optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), "Nothing to update");
export type UpdateTicketInput = z.infer<typeof updateTicketInputSchema>;

export const ticketListQuerySchema = pageQuerySchema.extend({
  status: z.enum(ticketStatuses).optional(),
  projectId: z.uuid().optional(),
  // Admins only; a customer's list is always their own company's.
  companyId: z.uuid().optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

const named = z.object({ id: z.uuid(), name: z.string() });

/** One row of a ticket list (customer board, admin table, project detail table). */
export const ticketListItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(ticketStatuses),
  priority: z.enum(ticketPriorities),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  project: named,
  company: named,
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const ticketPageSchema = pageOf(ticketListItemSchema);
export type TicketPage = z.infer<typeof ticketPageSchema>;

export const ticketSchema = ticketListItemSchema.extend({
  description: z.string().nullable(),
  project: named.extend({ slug: z.string() }),
  createdBy: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;
