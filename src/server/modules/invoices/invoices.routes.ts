import {
  createInvoiceInputSchema,
  invoiceBalanceQuerySchema,
  invoiceBalanceSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceSchema,
  nextInvoiceNumberSchema,
  updateInvoiceInputSchema,
} from "@/shared/schemas/invoice";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { bodyWrite, idParams, idRemoval, idWrite, jsonContent, queryRead, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { invoiceBalance } from "./invoice-balance";
import { nextInvoiceNumber } from "./invoice-number";
import { createInvoice, deleteDraftInvoice, reissueInvoice, updateInvoice } from "./invoice-writes";
import { listInvoices, readInvoiceDetail } from "./invoices.service";
import { withAccessReason } from "../access-log/access-reason-openapi";

const route = sessionRoutes("Invoices");

const list = route.get("/", "listInvoices", "Invoices the caller may see", [400, 401], {
  description:
    "Customers get all of their company's invoices in one page, newest issue date first (page, pageSize and companyId are ignored). " +
    "Admins get a page of all invoices, newest created first, optionally filtered by companyId and status, searched by invoice number `q`.",
  ...queryRead(invoiceListQuerySchema, invoicePageSchema, "A page of invoices"),
});

// Declared before /{id}, which would otherwise read "balance" as an id.
const balance = route.get("/balance", "getInvoiceBalance", "What a company owes: its unpaid and overdue totals", [400, 401], {
  description:
    "Sums of the amounts of the company's unpaid invoices (`outstanding`) and of those past their due date in the installation's time zone (`overdue`). " +
    "Customers get their own company's (companyId is ignored; zeros without a company). Admins must name the company with companyId.",
  ...queryRead(invoiceBalanceQuerySchema, invoiceBalanceSchema, "The balance"),
});

// Declared before /{id} too.
const nextNumber = route.get("/next-number", "getNextInvoiceNumber", "The number to offer a new invoice (admin)", [401, 403], {
  description:
    "The series in use continued: that of the invoice created last whose number ends in digits (after `INV-2026-017` comes `INV-2026-018`). " +
    "Within it, the highest number plus one, with at least as many digits as that latest one; `INV-0001` when no number ends in digits. " +
    "A suggestion: creating an invoice with it can still answer 409 if another took it first.",
  middleware: adminOnly,
  responses: { 200: jsonContent(nextInvoiceNumberSchema, "The suggested number") },
});

const get = route.get("/{id}", "getInvoice", "One invoice with its lines", [400, 401, 404], withAccessReason({
  request: { params: idParams },
  description:
    "`replacedBy` is the invoice that re-issues this one, if the caller may see it (customers never see a draft). " +
    "Customers never see a draft invoice: 404, as for another company's.",
  responses: { 200: jsonContent(invoiceDetailSchema, "The invoice") },
}));

const create = idempotent(route.post("/", "createInvoice", "Create an invoice (admin)", [400, 401, 403, 409], {
  description:
    "Priced by exactly one of `amount` (one \"Services\" line) or `lines`; the server computes subtotal, tax and total. " +
    "`status` defaults to `unpaid` (issued at once); `draft` keeps it from the customer until it is issued.",
  middleware: adminOnly,
  ...bodyWrite(createInvoiceInputSchema, 201, invoiceSchema, "The new invoice"),
}));

const update = route.patch("/{id}", "updateInvoice", "Edit an invoice, e.g. issue it or mark it paid (admin)", [400, 401, 403, 404, 409], {
  description:
    "`lines` replace every line and `amount` replaces them with one \"Services\" line. A draft's every field may change. " +
    "Once issued (unpaid, paid or void), changing `lines`, `amount`, `companyId`, `invoiceNumber` or `issueDate` answers 409 naming the field " +
    "(sending the stored value is no change), and `status` may not go back to `draft` (409 naming `status`); `dueDate`, `notes`, `pdfUrl` and `status` stay editable. " +
    "Issuing a draft that re-issues another invoice voids that one. 409 also for an invoice number in use. " +
    "Marking paid records when and by whom; leaving paid clears both.",
  middleware: adminOnly,
  ...idWrite(updateInvoiceInputSchema, 200, invoiceSchema, "The updated invoice"),
});

const reissue = idempotent(route.post("/{id}/reissue", "reissueInvoice", "Re-issue an invoice as a draft copy (admin)", [400, 401, 403, 404, 409], {
  description:
    "For an unpaid or void invoice: a new draft with the same company, lines, notes and due date (none if that is already past), " +
    "issued today under the next suggested number, whose `replacesId` names the original. Issuing the draft voids the original. " +
    "409 naming `status` for a draft or a paid invoice.",
  middleware: adminOnly,
  request: { params: idParams },
  responses: { 201: jsonContent(invoiceSchema, "The new draft") },
}));

const remove = route.delete("/{id}", "deleteInvoice", "Delete a draft invoice (admin)", [400, 401, 403, 404, 409], {
  description: "Drafts only, with their lines and stored PDF. An issued invoice is a record: 409 naming `status` (void it instead).",
  middleware: adminOnly,
  ...idRemoval("Deleted"),
});

export function invoiceRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listInvoices(c.var.ctx, c.req.valid("query")), 200))
    .openapi(balance, async (c) => c.json(await invoiceBalance(c.var.ctx, c.req.valid("query")), 200))
    .openapi(nextNumber, async (c) => c.json({ invoiceNumber: await nextInvoiceNumber(c.var.ctx.db) }, 200))
    .openapi(get, async (c) => c.json(await readInvoiceDetail(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(create, async (c) => c.json(await createInvoice(c.var.ctx, c.req.valid("json")), 201))
    .openapi(update, async (c) => c.json(await updateInvoice(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") }), 200))
    .openapi(reissue, async (c) => c.json(await reissueInvoice(c.var.ctx, c.req.valid("param").id), 201))
    .openapi(remove, async (c) => {
      await deleteDraftInvoice(c.var.ctx, c.req.valid("param"));
      return c.body(null, 204);
    });
}
