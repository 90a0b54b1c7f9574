import { z } from "zod";
import { namedRecordSchema } from "./records";

/*
 * The command palette's search (ADR 046): one request finds the tickets, projects, invoices and
 * companies a caller may open, each group capped at SEARCH_GROUP_MAX, in the caller's scope.
 */

/** How many records of each kind one search answers: a palette shows a few of each. */
export const SEARCH_GROUP_MAX = 5;
export const SEARCH_QUERY_MAX = 200;

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, "Type something to search for")
    .max(SEARCH_QUERY_MAX, `A search is at most ${SEARCH_QUERY_MAX} characters`),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** The company a found record belongs to, which an admin's palette names beside it. */
const ofCompany = { companyName: z.string() };

export const searchResultsSchema = z.object({
  tickets: z.array(z.object({ id: z.uuid(), number: z.number().int().min(1), title: z.string(), ...ofCompany })),
  projects: z.array(z.object({ id: z.uuid(), name: z.string(), ...ofCompany })),
  invoices: z.array(z.object({ id: z.uuid(), invoiceNumber: z.string(), ...ofCompany })),
  companies: z.array(namedRecordSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
