import { z } from "@hono/zod-openapi";
import { auditFilterSchema, auditListQuerySchema, auditPageSchema } from "@/shared/schemas/audit";
import { createRouter, type AppDeps } from "../../http/context";
import { csvResponse } from "../../http/csv";
import { queryRead, sessionRoutes } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { auditBy } from "@/server/changes/audit-entry";
import { auditCsvColumns, auditCsvRows } from "./audit-csv";
import { exportAuditEvents, listAuditEvents } from "./audit.service";
import { todayIn } from "../invoices/overdue";

const route = sessionRoutes("Audit log");
const adminOnly = requireRole("admin");

const filtersDescription =
  "`actor` matches part of the actor's email in any case; `from` and `to` are days (YYYY-MM-DD) on the installation's TIME_ZONE calendar, both included.";

const list = route.get("/", "listAuditEvents", "Admin: security-relevant events, newest first, a page at a time", [400, 401, 403], {
  description: `${filtersDescription} Pass the answer's \`nextCursor\` as \`cursor\` for the next page; it is null on the last one.`,
  middleware: adminOnly,
  ...queryRead(auditListQuerySchema, auditPageSchema, "A page of events"),
});

const exportCsv = route.get("/export", "exportAuditEvents", "Admin: every event matching the filters as CSV, streamed", [400, 401, 403], {
  description: `${filtersDescription} The export is itself recorded (\`data.exported\`).`,
  middleware: adminOnly,
  request: { query: auditFilterSchema },
  responses: {
    200: {
      description: "CSV with a header row, newest first",
      content: { "text/csv": { schema: z.string() } },
    },
  },
});

export function auditRoutes({ log }: Pick<AppDeps, "log">) {
  return createRouter()
    .openapi(list, async (c) => c.json(await listAuditEvents(c.var.ctx, c.req.valid("query")), 200))
    .openapi(exportCsv, async (c) => {
      const filter = c.req.valid("query");
      const events = exportAuditEvents(c.var.ctx, filter);
      const filters = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as Record<string, string>;
      await c.var.ctx.record(c.var.ctx.db, { audit: auditBy(c.var.ctx, { kind: "data.exported", target: { type: "audit_log", label: "Audit log CSV" }, details: filters }) });
      return csvResponse(c, {
        filename: `audit-log-${todayIn(c.var.ctx.billing.timeZone)}.csv`,
        columns: auditCsvColumns,
        rows: auditCsvRows(events),
        onError: (error) => log.error({ err: error, event: "audit.export_failed", requestId: c.var.requestId }, "audit log export cut short"),
      });
    });
}
