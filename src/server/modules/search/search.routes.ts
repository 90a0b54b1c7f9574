import { searchQuerySchema, searchResultsSchema } from "@/shared/schemas/search";
import { createRouter } from "../../http/context";
import { queryRead, sessionRoutes } from "../../http/openapi";
import { searchRecords } from "./search.service";

const route = sessionRoutes("Search");

const search = route.get("/", "search", "Find tickets, projects, invoices and companies the caller may open (the command palette)", [400, 401], {
  description:
    "Tickets by number (`#142` or `142`) or by the words of their title, projects and companies by the words of their name, invoices by their number; " +
    "every word matches as a prefix and all must match. At most 5 of each kind, newest first (companies by name), in the caller's scope: " +
    "a customer finds their own company's records and no invoice draft. `q` is 1 to 200 characters.",
  ...queryRead(searchQuerySchema, searchResultsSchema, "What was found, by kind"),
});

/** Mounted at /api/search. */
export function searchRoutes() {
  return createRouter().openapi(search, async (c) => c.json(await searchRecords(c.var.ctx, c.req.valid("query")), 200));
}
