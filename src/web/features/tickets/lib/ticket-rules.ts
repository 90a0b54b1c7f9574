import { regexes } from "zod/v4/core";
import { ticketPriorities, type TicketPriority } from "@/shared/enums";
import { TICKET_DESCRIPTION_MAX, TICKET_TITLE_MAX, ticketMessages } from "@/shared/rules/ticket";
import type { CreateTicketInput } from "@/shared/schemas/ticket";
import { blankAsNull, optionalTextFailure, requiredNameFailure } from "@/web/lib/text-rules";
import { collect, firstFailing, type Checked } from "@/web/lib/use-checked-form";

/**
 * The new ticket form's rules (src/shared/schemas/ticket.ts's `createTicketInputSchema`) as plain
 * checks, held to the server's schema by ticket-rules.test.ts: same verdict, same message per
 * field, same output. The project and the priority come from selects.
 */

export const createTicketFields = ["projectId", "title", "description", "priority"] as const;
export type CreateTicketValues = Record<(typeof createTicketFields)[number], string>;

const uuidPattern = regexes.uuid();
const isPriority = (value: string): value is TicketPriority => ticketPriorities.includes(value as TicketPriority);

export function checkCreateTicket(input: CreateTicketValues): Checked<keyof CreateTicketValues, CreateTicketInput> {
  const title = input.title.trim();
  const description = input.description.trim();
  const { projectId, priority } = input;
  return collect(
    {
      projectId: firstFailing([[!uuidPattern.test(projectId), ticketMessages.chooseProject]]),
      title: requiredNameFailure(title, ticketMessages.titleRequired, TICKET_TITLE_MAX, ticketMessages.titleTooLong),
      description: optionalTextFailure(description, TICKET_DESCRIPTION_MAX, ticketMessages.descriptionTooLong),
      priority: firstFailing([[!isPriority(priority), ticketMessages.choosePriority]]),
    },
    { projectId, title, description: blankAsNull(description), priority: priority as TicketPriority },
  );
}
