/** The admin ticket form's schema, built with zod/mini from the fields of src/shared/rules/ticket.ts, as the server's is (schemas.parity.test.ts). */
import { ticketFields, ticketForms } from "@/shared/rules/ticket";
import { miniForm } from "./fields";
import type { z } from "./zod";

export const updateTicketInputSchema = miniForm(ticketFields, ticketForms.update);
export type UpdateTicketFormValues = z.input<typeof updateTicketInputSchema>;
export type UpdateTicketInput = z.output<typeof updateTicketInputSchema>;
