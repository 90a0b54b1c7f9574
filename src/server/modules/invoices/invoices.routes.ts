import {
  createInvoiceInputSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceSchema,
  updateInvoiceInputSchema,
} from "@/shared/schemas/invoice";
import { createRouter } from "../../http/context";
import { idParams, jsonBody, jsonContent, sessionRoutes } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { createInvoice, findInvoice, listInvoices, updateInvoice } from "./invoices.service";

const route = sessionRoutes("Invoices");
const adminOnly = requireRole("admin");

const list = route.get("/", "listInvoices", "Invoices the caller may see", [400, 401], {
  description:
    "Customers get all of their company's invoices in one page, newest issue date first (page, pageSize and companyId are ignored). " +
    "Admins get a page of all invoices, newest created first, optionally filtered by companyId and status, searched by invoice number `q`.",
  request: { query: invoiceListQuerySchema },
  responses: { 200: jsonContent(invoicePageSchema, "A page of invoices") },
});

const get = route.get("/{id}", "getInvoice", "One invoice", [400, 401, 404], {
  request: { params: idParams },
  responses: { 200: jsonContent(invoiceSchema, "The invoice") },
});

const create = route.post("/", "createInvoice", "Create an invoice (admin)", [400, 401, 403, 409], {
  middleware: adminOnly,
  request: { body: jsonBody(createInvoiceInputSchema) },
  responses: { 201: jsonContent(invoiceSchema, "The new invoice") },
});

const update = route.patch("/{id}", "updateInvoice", "Edit any field of an invoice, e.g. mark it paid (admin)", [400, 401, 403, 404, 409], {
  middleware: adminOnly,
  request: { params: idParams, body: jsonBody(updateInvoiceInputSchema) },
  responses: { 200: jsonContent(invoiceSchema, "The updated invoice") },
});

export function invoiceRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listInvoices(c.var.ctx, c.req.valid("query")), 200))
    .openapi(get, async (c) => c.json(await findInvoice(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(create, async (c) => c.json(await createInvoice(c.var.ctx, c.req.valid("json")), 201))
    .openapi(update, async (c) => {
      const invoice = await updateInvoice(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") });
      return c.json(invoice, 200);
    });
}

