import { z } from "@hono/zod-openapi";
import { invoiceDetailSchema } from "@/shared/schemas/invoice";
import { recordPaymentInputSchema } from "@/shared/schemas/payment";
import { auditBy } from "@/server/changes/audit-entry";
import { createRouter, type AppDeps } from "../../http/context";
import { csvResponse } from "../../http/csv";
import { idempotent } from "../../http/idempotency";
import { idParams, idWrite, jsonContent, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { csvDownloadResponses } from "../invoices/invoice-export.routes";
import { todayIn } from "../invoices/overdue";
import { exportPayments, paymentCsvColumns, type PaymentExportOptions } from "./payments-export";
import { deletePayment, recordPayment } from "./payments.service";


const paymentParams = idParams.extend({
  paymentId: z.uuid("Not a valid id").openapi({ param: { name: "paymentId", in: "path" } }),
});

const invoicePayments = sessionRoutes("Invoices");

const record = idempotent(
  invoicePayments.post("/{id}/payments", "recordPayment", "Record a bank transfer or cash received for an invoice (admin)", [400, 401, 403, 404, 409], {
    description:
      "For an issued invoice that is unpaid or partially paid (ADR 043). `paidAt` is the day the money arrived, not after today in the installation's time zone (400 naming `paidAt`). " +
      "An amount above the amount due answers 400 naming `amount`; a draft, void or paid invoice 409 naming `status`. " +
      "The invoice's `amountPaid`, `amountDue` and status follow: `paid` once its payments cover it, else `partially_paid`. " +
      "Recorded in its history and the audit log, and sent as the `payment.recorded` (and, once paid in full, `invoice.paid`) webhook events.",
    middleware: adminOnly,
    ...idWrite(recordPaymentInputSchema, 201, invoiceDetailSchema, "The invoice with its payments"),
  }),
);

const remove = invoicePayments.delete("/{id}/payments/{paymentId}", "deletePayment", "Remove a payment recorded by hand (admin)", [400, 401, 403, 404, 409], {
  description:
    "Takes back a bank transfer or cash payment (a mistake, a bounced transfer): it leaves the invoice's payments and its history keeps it. " +
    "The invoice's sums and status follow (a paid invoice becomes partially paid or unpaid again). " +
    "An online payment answers 409: it is refunded at the payment provider, whose webhook records the refund.",
  middleware: adminOnly,
  request: { params: paymentParams },
  responses: { 200: jsonContent(invoiceDetailSchema, "The invoice with its remaining payments") },
});

const exportCsv = sessionRoutes("Payments").get("/export", "exportPayments", "Download the payments as CSV (admin)", [401, 403], {
  description:
    `Every standing payment (removed ones are left out), newest recorded first, streamed as the rows are read. Columns: ${paymentCsvColumns.join(", ")}. ` +
    'Dates are YYYY-MM-DD, instants ISO 8601 in UTC, amounts plain decimals ("1234.50"); `recorded_by` is empty for an online payment. ' +
    "A cell that a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR) starts with `'`.",
  middleware: adminOnly,
  responses: csvDownloadResponses({ row: "payment", filename: "payments" }),
});

/** An invoice's payments, mounted under /invoices beside its other routes. */
export function invoicePaymentRoutes() {
  return createRouter()
    .openapi(record, async (c) => c.json(await recordPayment(c.var.ctx, { invoiceId: c.req.valid("param").id, payment: c.req.valid("json") }), 201))
    .openapi(remove, async (c) => {
      const { id, paymentId } = c.req.valid("param");
      return c.json(await deletePayment(c.var.ctx, { invoiceId: id, paymentId }), 200);
    });
}

/** The payments export, mounted under /payments; an audited read, as the invoice export. */
export function paymentRoutes({ log }: Pick<AppDeps, "log">, options: PaymentExportOptions = {}) {
  return createRouter().openapi(exportCsv, async (c) => {
    const { ctx } = c.var;
    const rows = exportPayments(ctx, options);
    await ctx.record(ctx.db, { audit: auditBy(ctx, { kind: "data.exported", target: { type: "payments", label: "Payments CSV" } }) });
    return csvResponse(c, {
      filename: `payments-${todayIn(ctx.billing.timeZone)}.csv`,
      columns: [...paymentCsvColumns],
      rows,
      onError: (error) => log.error({ err: error, event: "payments.export_failed", requestId: c.var.requestId }, "payment export cut short"),
    });
  });
}
