/** zod/mini mirror of the ticket form schemas in src/shared/schemas/ticket.ts (schemas.parity.test.ts). */
import { ticketPriorities, ticketStatuses } from "@/shared/enums";
import { optionalText, requiredText } from "./text";
import { z } from "./zod";

export const TICKET_TITLE_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 10_000;

const title = requiredText("Title", TICKET_TITLE_MAX, `Title must be at most ${TICKET_TITLE_MAX} characters`);
const description = optionalText("Description is too long", TICKET_DESCRIPTION_MAX);
const priority = z.enum(ticketPriorities, "Choose a priority");

export const createTicketInputSchema = z.object({
  projectId: z.uuid("Choose a project"),
  title,
  description,
  priority: z._default(priority, "medium"),
});
export type CreateTicketFormValues = z.input<typeof createTicketInputSchema>;
export type CreateTicketInput = z.output<typeof createTicketInputSchema>;

export const updateTicketInputSchema = z
  .object({
    title: z.optional(title),
    description: z.optional(description),
    status: z.optional(z.enum(ticketStatuses, "Choose a status")),
    priority: z.optional(priority),
  })
  .check(z.refine((input) => Object.values(input).some((value) => value !== undefined), "Nothing to update"));
export type UpdateTicketFormValues = z.input<typeof updateTicketInputSchema>;
export type UpdateTicketInput = z.output<typeof updateTicketInputSchema>;
