import { ticketFields, ticketForms } from "@/shared/rules/ticket";
import type { CreateTicketInput } from "@/shared/schemas/ticket";
import { checkForm } from "@/web/lib/field-checks";
import type { Checked } from "@/web/lib/use-checked-form";

/**
 * The new ticket form's rules, built without zod from the fields src/shared/rules/ticket.ts
 * declares for the server's `createTicketInputSchema`; text-rules.test.ts holds the check to that
 * schema: same verdict, same message per field, same output. The project and the priority come
 * from selects.
 */

export const createTicketFields = ticketForms.create.fields;
export type CreateTicketValues = Record<(typeof createTicketFields)[number], string>;

export const checkCreateTicket = (input: CreateTicketValues) => checkForm(ticketFields, ticketForms.create, input) as Checked<keyof CreateTicketValues, CreateTicketInput>;
