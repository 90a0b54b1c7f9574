import {
  createTicketInputSchema,
  ticketListQuerySchema,
  ticketPageSchema,
  ticketSchema,
  ticketSeenSchema,
  ticketStatusCountsQuerySchema,
  ticketStatusCountsSchema,
  updateTicketInputSchema,
} from "@/shared/schemas/ticket";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { bodyWrite, idParams, idRead, jsonBody, jsonContent, queryRead, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { countTicketsByStatus, createTicket, listTickets, markTicketSeen, readTicket, updateTicket } from "./tickets.service";
import { withAccessReason } from "../access-log/access-reason-openapi";

const route = sessionRoutes("Tickets");

const list = route.get("/", "listTickets", "Tickets the caller may see, newest first", [400, 401], {
  description:
    "A page of the tickets the caller may see: a customer's company's (companyId is ignored for them), or for an admin every " +
    "company's, optionally filtered by companyId. Both may filter by projectId, status, priority, assignedTo (a team member's id " +
    'or "unassigned") and a search `q` of the title, which also finds a ticket by its number ("#142" or "142"). ' +
    "`total` is exact up to 10,000; GET /tickets/status-counts counts exactly at any size. " +
    "Every page carries `nextCursor` (null on the last page): pass it as `cursor`, with the same filters and sort, for the page " +
    "after it, which costs what the first page costs at any depth, where a page number reads every row before its page. " +
    "On a cursor page `page` must be left out and is answered as 1 (pages are not numbered from a cursor), and `total` and " +
    "`totalExact` are the whole filtered list's, as on page 1. A cursor only positions within the list the caller may see.",
  ...queryRead(ticketListQuerySchema, ticketPageSchema, "A page of tickets"),
});

const statusCounts = route.get("/status-counts", "countTicketsByStatus", "How many tickets the caller may see are in each status, exactly", [400, 401], {
  description: "The ticket board's column counts. Scoped like the list: a customer's company's tickets (companyId is ignored for them), an admin's all or one company's.",
  ...queryRead(ticketStatusCountsQuerySchema, ticketStatusCountsSchema, "The count per status"),
});

const get = route.get("/{id}", "getTicket", "One ticket with its project and company", [400, 401, 404], withAccessReason({
  ...idRead(ticketSchema, "The ticket"),
}));

const create = idempotent(route.post("/", "createTicket", "Open a ticket; it starts pending and belongs to the caller", [400, 401, 429], {
  description: "A customer may only use a project of their own company (otherwise 400 naming projectId).",
  ...bodyWrite(createTicketInputSchema, 201, ticketSchema, "The new ticket"),
}));

const update = route.patch("/{id}", "updateTicket", "Edit a ticket's title, description, status, priority or assignee (admin)", [400, 401, 403, 404], {
  description: "assignedTo must be a team member's id (an admin; otherwise 400 naming assignedTo), or null or \"\" for unassigned.",
  middleware: adminOnly,
  request: {
    params: idParams,
    body: jsonBody(updateTicketInputSchema),
  },
  responses: { 200: jsonContent(ticketSchema, "The updated ticket") },
});

const seen = route.post("/{id}/seen", "markTicketSeen", "Admin: note that the team has opened the ticket", [400, 401, 403, 404], {
  description:
    "The first call stamps when the team first opened the ticket (it leaves the admin overview's new tickets); later calls " +
    "change nothing and answer the first time. Takes no body.",
  middleware: adminOnly,
  ...idRead(ticketSeenSchema, "When the team first opened the ticket"),
});

export function ticketRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listTickets(c.var.ctx, c.req.valid("query")), 200))
    // Before /{id}, which would otherwise take "status-counts" for a malformed id.
    .openapi(statusCounts, async (c) => c.json(await countTicketsByStatus(c.var.ctx, c.req.valid("query")), 200))
    .openapi(get, async (c) => c.json(await readTicket(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(create, async (c) => c.json(await createTicket(c.var.ctx, c.req.valid("json")), 201))
    .openapi(update, async (c) => {
      const ticket = await updateTicket(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") });
      return c.json(ticket, 200);
    })
    .openapi(seen, async (c) => c.json(await markTicketSeen(c.var.ctx, c.req.valid("param").id), 200));
}
