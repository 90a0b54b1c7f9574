import { activityPageSchema, activityQuerySchema } from "@/shared/schemas/activity";
import { createRouter } from "../../http/context";
import { idParams, jsonContent, sessionRoutes } from "../../http/openapi";
import { listCompanyActivity, listRecordActivity } from "./activity.service";

const route = sessionRoutes("Activity");

const pageDescription = "Newest first. Pass the answer's `nextCursor` as `cursor` for the next (older) page; it is null on the last one.";
const pageOf = (what: string) => ({
  description: pageDescription,
  request: { params: idParams, query: activityQuerySchema },
  responses: { 200: jsonContent(activityPageSchema, `A page of the ${what}'s history`) },
});

/** A record's history route: every one takes the record's id and a page query, and answers a page of entries. */
const historyRoute = <const P extends string>(path: P, operationId: string, summary: string, what: string) =>
  route.get(path, operationId, summary, [400, 401, 404], pageOf(what));

const project = historyRoute("/projects/{id}/activity", "listProjectActivity", "A project's history: created, fields changed, comments and files", "project");
const ticket = historyRoute("/tickets/{id}/activity", "listTicketActivity", "A ticket's history: created, fields changed, comments and files", "ticket");
const invoice = historyRoute(
  "/invoices/{id}/activity",
  "listInvoiceActivity",
  "An invoice's history: created, issued, fields changed, PDF; a draft's entries reach admins only",
  "invoice",
);
const quote = historyRoute(
  "/quotes/{id}/activity",
  "listQuoteActivity",
  "A quote's history: created, edited, sent, accepted or declined; a draft's entries reach admins only",
  "quote",
);
const company = historyRoute(
  "/companies/{id}/activity",
  "listCompanyActivity",
  "Recent activity across a company's projects, tickets, invoices and quotes: its members' own company, any for an admin",
  "company",
);

/** Mounted at /api: each history sits under its record's path. */
export function activityRoutes() {
  return createRouter()
    .openapi(project, async (c) => c.json(await listRecordActivity(c.var.ctx, { subject: "project", id: c.req.valid("param").id, query: c.req.valid("query") }), 200))
    .openapi(ticket, async (c) => c.json(await listRecordActivity(c.var.ctx, { subject: "ticket", id: c.req.valid("param").id, query: c.req.valid("query") }), 200))
    .openapi(invoice, async (c) => c.json(await listRecordActivity(c.var.ctx, { subject: "invoice", id: c.req.valid("param").id, query: c.req.valid("query") }), 200))
    .openapi(quote, async (c) => c.json(await listRecordActivity(c.var.ctx, { subject: "quote", id: c.req.valid("param").id, query: c.req.valid("query") }), 200))
    .openapi(company, async (c) => c.json(await listCompanyActivity(c.var.ctx, { companyId: c.req.valid("param").id, query: c.req.valid("query") }), 200));
}
