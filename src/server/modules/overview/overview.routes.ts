import { companyOverviewQuerySchema, companyOverviewSchema, workQueueSchema } from "@/shared/schemas/overview";
import { createRouter } from "../../http/context";
import { jsonContent, queryRead, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { companyOverview, workQueue } from "./overview.service";

const route = sessionRoutes("Overview");

const company = route.get("/company", "getCompanyOverview", "One company at a glance: its tickets, balance, team replies and messages, projects", [400, 401, 404], {
  description:
    "Counts of the company's tickets by status and projects by status, its outstanding and overdue balance with the overdue invoices, " +
    "the team's latest comments on its tickets and latest messages to it. Each list holds at most 5 rows; its `total` counts them all. " +
    "Customers get their own company's (companyId is ignored; 404 without a company). Admins must name the company with companyId.",
  ...queryRead(companyOverviewQuerySchema, companyOverviewSchema, "The company's overview"),
});

const queue = route.get("/work-queue", "getWorkQueue", "Admin: what needs the team across every company", [401, 403], {
  description:
    "Tickets no team member has opened yet, conversations with unread customer messages, overdue invoices, projects not completed without an assignee, " +
    "and every company's tickets by status. Each list holds at most 5 rows, most pressing first; each count stops at 10,000 (`exact` is false beyond).",
  middleware: adminOnly,
  responses: { 200: jsonContent(workQueueSchema, "The work queue") },
});

/** Mounted at /api/overview: the two overview pages (ADR 035), one request each. */
export function overviewRoutes() {
  return createRouter()
    .openapi(company, async (c) => c.json(await companyOverview(c.var.ctx, c.req.valid("query")), 200))
    .openapi(queue, async (c) => c.json(await workQueue(c.var.ctx), 200));
}
