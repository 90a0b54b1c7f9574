import {
  createInvoiceInputSchema,
  invoiceBalanceQuerySchema,
  invoiceBalanceSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceSchema,
  updateInvoiceInputSchema,
} from "@/shared/schemas/invoice";
import { createRouter } from "../../http/context";
import { idParams, jsonBody, jsonContent, sessionRoutes } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { invoiceBalance } from "./invoice-balance";
import { createInvoice, findInvoiceDetail, listInvoices, updateInvoice } from "./invoices.service";

const route = sessionRoutes("Invoices");
const adminOnly = requireRole("admin");

const list = route.get("/", "listInvoices", "Invoices the caller may see", [400, 401], {
  description:
    "Customers get all of their company's invoices in one page, newest issue date first (page, pageSize and companyId are ignored). " +
    "Admins get a page of all invoices, newest created first, optionally filtered by companyId and status, searched by invoice number `q`.",
  request: { query: invoiceListQuerySchema },
  responses: { 200: jsonContent(invoicePageSchema, "A page of invoices") },
});

// Declared before /{id}, which would otherwise read "balance" as an id.
const balance = route.get("/balance", "getInvoiceBalance", "What a company owes: its unpaid and overdue totals", [400, 401], {
  description:
    "Sums of the amounts of the company's unpaid invoices (`outstanding`) and of those past their due date in the installation's time zone (`overdue`). " +
    "Customers get their own company's (companyId is ignored; zeros without a company). Admins must name the company with companyId.",
  request: { query: invoiceBalanceQuerySchema },
  responses: { 200: jsonContent(invoiceBalanceSchema, "The balance") },
});

const get = route.get("/{id}", "getInvoice", "One invoice with its lines", [400, 401, 404], {
  request: { params: idParams },
  responses: { 200: jsonContent(invoiceDetailSchema, "The invoice") },
});

const create = route.post("/", "createInvoice", "Create an invoice (admin)", [400, 401, 403, 409], {
  description: "Priced by exactly one of `amount` (one \"Services\" line) or `lines`; the server computes subtotal, tax and total.",
  middleware: adminOnly,
  request: { body: jsonBody(createInvoiceInputSchema) },
  responses: { 201: jsonContent(invoiceSchema, "The new invoice") },
});

const update = route.patch("/{id}", "updateInvoice", "Edit any field of an invoice, e.g. mark it paid (admin)", [400, 401, 403, 404, 409], {
  description:
    "`lines` replace every line and `amount` replaces them with one \"Services\" line; either answers 409 on a paid invoice. " +
    "409 also for an invoice number in use. Marking paid records when and by whom; back to unpaid clears both.",
  middleware: adminOnly,
  request: { params: idParams, body: jsonBody(updateInvoiceInputSchema) },
  responses: { 200: jsonContent(invoiceSchema, "The updated invoice") },
});

export function invoiceRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listInvoices(c.var.ctx, c.req.valid("query")), 200))
    .openapi(balance, async (c) => c.json(await invoiceBalance(c.var.ctx, c.req.valid("query")), 200))
    .openapi(get, async (c) => c.json(await findInvoiceDetail(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(create, async (c) => c.json(await createInvoice(c.var.ctx, c.req.valid("json")), 201))
    .openapi(update, async (c) => {
      const invoice = await updateInvoice(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") });
      return c.json(invoice, 200);
    });
}

