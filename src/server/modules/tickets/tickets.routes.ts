import {
  createTicketInputSchema,
  ticketListQuerySchema,
  ticketPageSchema,
  ticketSchema,
  updateTicketInputSchema,
} from "@/shared/schemas/ticket";
import { createRouter } from "../../http/context";
import { idParams, jsonBody, jsonContent, sessionRoutes } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { createTicket, findTicket, listTickets, updateTicket } from "./tickets.service";

const route = sessionRoutes("Tickets");

const list = route.get("/", "listTickets", "Tickets the caller may see, newest first", [400, 401], {
  description:
    "Customers get every ticket of their company in one page (page and pageSize are ignored; companyId is ignored). " +
    "Admins get a page of all tickets, optionally filtered by companyId, projectId, status and a title search `q`.",
  request: { query: ticketListQuerySchema },
  responses: { 200: jsonContent(ticketPageSchema, "A page of tickets") },
});

const get = route.get("/{id}", "getTicket", "One ticket with its project and company", [400, 401, 404], {
  request: { params: idParams },
  responses: { 200: jsonContent(ticketSchema, "The ticket") },
});

const create = route.post("/", "createTicket", "Open a ticket; it starts pending and belongs to the caller", [400, 401], {
  description: "A customer may only use a project of their own company (otherwise 400 naming projectId).",
  request: { body: jsonBody(createTicketInputSchema) },
  responses: { 201: jsonContent(ticketSchema, "The new ticket") },
});

const update = route.patch("/{id}", "updateTicket", "Edit a ticket's title, description, status or priority (admin)", [400, 401, 403, 404], {
  middleware: requireRole("admin"),
  request: {
    params: idParams,
    body: jsonBody(updateTicketInputSchema),
  },
  responses: { 200: jsonContent(ticketSchema, "The updated ticket") },
});

export function ticketRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listTickets(c.var.ctx, c.req.valid("query")), 200))
    .openapi(get, async (c) => c.json(await findTicket(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(create, async (c) => c.json(await createTicket(c.var.ctx, c.req.valid("json")), 201))
    .openapi(update, async (c) => {
      const ticket = await updateTicket(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") });
      return c.json(ticket, 200);
    });
}
