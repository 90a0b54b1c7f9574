import { z } from "@hono/zod-openapi";
import { invoiceExportQuerySchema } from "@/shared/schemas/invoice";
import { createRouter, type AppDeps } from "../../http/context";
import { csvResponse } from "../../http/csv";
import { sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { exportInvoices, invoiceCsvColumns, type InvoiceExportOptions } from "./invoice-export";
import { auditBy } from "@/server/changes/audit-entry";
import { todayIn } from "./overdue";

/**
 * The 200 answer of an export streamed by csvResponse, saved as `<filename>-<today>.csv` (the
 * handler names it with `todayIn`); the payments export declares its answer with it too.
 */
export function csvDownloadResponses({ row, filename }: { row: string; filename: string }) {
  return {
    200: {
      description: `The CSV file, a header row then one row per ${row}`,
      headers: z.object({
        "Content-Disposition": z.string().openapi({ description: `\`attachment; filename="${filename}-<today>.csv"\`, today in the installation's time zone` }),
      }),
      content: { "text/csv": { schema: { type: "string" as const } } },
    },
  };
}

const route = sessionRoutes("Invoices");

const exportCsv = route.get("/export", "exportInvoices", "Download the invoices as CSV (admin)", [400, 401, 403], {
  description:
    "Every invoice the list would show with the same `status`, `companyId`, `q` and `sort`, without pages, streamed as the rows are read. " +
    `Columns: ${invoiceCsvColumns.join(", ")}. Dates are YYYY-MM-DD, instants ISO 8601 in UTC, amounts plain decimals ("1234.50"), ` +
    "`overdue` true or false. A cell that a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR) starts with `'`.",
  middleware: adminOnly,
  request: { query: invoiceExportQuerySchema },
  responses: csvDownloadResponses({ row: "invoice", filename: "invoices" }),
});

/** Mounted before the other /invoices routers: their `/{id}` would otherwise read "export" as an id. */
export function invoiceExportRoutes({ log }: Pick<AppDeps, "log">, options: InvoiceExportOptions = {}) {
  return createRouter().openapi(exportCsv, async (c) => {
    const { ctx } = c.var;
    const query = c.req.valid("query");
    const rows = exportInvoices(ctx, { ...query, ...options });
    const filters = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<string, string>;
    await ctx.record(ctx.db, { audit: auditBy(ctx, { kind: "data.exported", target: { type: "invoices", label: "Invoices CSV" }, details: filters }) });
    return csvResponse(c, {
      filename: `invoices-${todayIn(ctx.billing.timeZone)}.csv`,
      columns: invoiceCsvColumns,
      rows,
      onError: (error) => log.error({ err: error, event: "invoices.export_failed", requestId: c.var.requestId }, "invoice export cut short"),
    });
  });
}
