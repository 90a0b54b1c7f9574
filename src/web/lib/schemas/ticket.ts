/** zod/mini mirror of the admin ticket form schema in src/shared/schemas/ticket.ts (schemas.parity.test.ts). */
import { ticketPriorities, ticketStatuses } from "@/shared/enums";
import { NOTHING_TO_UPDATE } from "@/shared/rules/common";
import { TICKET_DESCRIPTION_MAX, TICKET_TITLE_MAX, ticketMessages } from "@/shared/rules/ticket";
import { optionalText, requiredText } from "./text";
import { z } from "./zod";

const title = requiredText(ticketMessages.titleRequired, TICKET_TITLE_MAX, ticketMessages.titleTooLong);
const description = optionalText(ticketMessages.descriptionTooLong, TICKET_DESCRIPTION_MAX);
const priority = z.enum(ticketPriorities, ticketMessages.choosePriority);
const uuid = z.uuid();
/** A team member's id; "" or null is 'Unassigned'. */
const assignedTo = z.pipe(
  z.nullish(z.string().check(z.trim(), z.refine<string>((value) => value === "" || uuid.safeParse(value).success, ticketMessages.chooseTeamMember))),
  z.transform((value: string | null | undefined) => (value ? value : null)),
);

export const updateTicketInputSchema = z
  .object({
    title: z.optional(title),
    description: z.optional(description),
    status: z.optional(z.enum(ticketStatuses, ticketMessages.chooseStatus)),
    priority: z.optional(priority),
    assignedTo: z.optional(assignedTo),
  })
  .check(z.refine((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE));
export type UpdateTicketFormValues = z.input<typeof updateTicketInputSchema>;
export type UpdateTicketInput = z.output<typeof updateTicketInputSchema>;
