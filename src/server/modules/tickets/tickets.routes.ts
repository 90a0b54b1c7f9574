import { createRoute } from "@hono/zod-openapi";
import {
  createTicketInputSchema,
  ticketListQuerySchema,
  ticketPageSchema,
  ticketSchema,
  ticketStatusCountsQuerySchema,
  ticketStatusCountsSchema,
  updateTicketInputSchema,
} from "@/shared/schemas/ticket";
import { createRouter } from "../../http/context";
import { idParams, jsonBody, jsonContent, problemResponses, sessionSecurity } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { countTicketsByStatus, createTicket, findTicket, listTickets, updateTicket } from "./tickets.service";

const tags = ["Tickets"];
const { 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound } = problemResponses;

const list = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "Tickets the caller may see, newest first",
  description:
    "A page of the tickets the caller may see: a customer's company's (companyId is ignored for them), or for an admin every " +
    "company's, optionally filtered by companyId. Both may filter by projectId, status and a title search `q`. " +
    "`total` is exact up to 10,000; GET /tickets/status-counts counts exactly at any size.",
  security: sessionSecurity,
  request: { query: ticketListQuerySchema },
  responses: { 200: jsonContent(ticketPageSchema, "A page of tickets"), 400: badRequest, 401: unauthorized },
});

const statusCounts = createRoute({
  method: "get",
  path: "/status-counts",
  tags,
  summary: "How many tickets the caller may see are in each status, exactly",
  description: "The ticket board's column counts. Scoped like the list: a customer's company's tickets (companyId is ignored for them), an admin's all or one company's.",
  security: sessionSecurity,
  request: { query: ticketStatusCountsQuerySchema },
  responses: { 200: jsonContent(ticketStatusCountsSchema, "The count per status"), 400: badRequest, 401: unauthorized },
});

const get = createRoute({
  method: "get",
  path: "/{id}",
  tags,
  summary: "One ticket with its project and company",
  security: sessionSecurity,
  request: { params: idParams },
  responses: { 200: jsonContent(ticketSchema, "The ticket"), 400: badRequest, 401: unauthorized, 404: notFound },
});

const create = createRoute({
  method: "post",
  path: "/",
  tags,
  summary: "Open a ticket; it starts pending and belongs to the caller",
  description: "A customer may only use a project of their own company (otherwise 400 naming projectId).",
  security: sessionSecurity,
  request: { body: jsonBody(createTicketInputSchema) },
  responses: { 201: jsonContent(ticketSchema, "The new ticket"), 400: badRequest, 401: unauthorized },
});

const update = createRoute({
  method: "patch",
  path: "/{id}",
  tags,
  summary: "Edit a ticket's title, description, status or priority (admin)",
  security: sessionSecurity,
  middleware: [requireRole("admin")] as const,
  request: {
    params: idParams,
    body: jsonBody(updateTicketInputSchema),
  },
  responses: {
    200: jsonContent(ticketSchema, "The updated ticket"),
    400: badRequest,
    401: unauthorized,
    403: forbidden,
    404: notFound,
  },
});

export function ticketRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listTickets(c.var.ctx, c.req.valid("query")), 200))
    // Before /{id}, which would otherwise take "status-counts" for a malformed id.
    .openapi(statusCounts, async (c) => c.json(await countTicketsByStatus(c.var.ctx, c.req.valid("query")), 200))
    .openapi(get, async (c) => c.json(await findTicket(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(create, async (c) => c.json(await createTicket(c.var.ctx, c.req.valid("json")), 201))
    .openapi(update, async (c) => {
      const ticket = await updateTicket(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") });
      return c.json(ticket, 200);
    });
}
