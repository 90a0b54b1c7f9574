import { z } from "@hono/zod-openapi";
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
import { createInvoice, findInvoice, findInvoicePdfUrl, listInvoices, updateInvoice } from "./invoices.service";

const route = sessionRoutes("Invoices");
const adminOnly = requireRole("admin");

const list = route(
  "listInvoices",
  {
    method: "get",
    path: "/",
    summary: "Invoices the caller may see",
    description:
      "Customers get all of their company's invoices in one page, newest issue date first (page, pageSize and companyId are ignored). " +
      "Admins get a page of all invoices, newest created first, optionally filtered by companyId and status, searched by invoice number `q`.",
    request: { query: invoiceListQuerySchema },
    responses: { 200: jsonContent(invoicePageSchema, "A page of invoices") },
  },
  [400, 401],
);

const get = route(
  "getInvoice",
  {
    method: "get",
    path: "/{id}",
    summary: "One invoice",
    request: { params: idParams },
    responses: { 200: jsonContent(invoiceSchema, "The invoice") },
  },
  [400, 401, 404],
);

const pdf = route(
  "getInvoicePdf",
  {
    method: "get",
    path: "/{id}/pdf",
    summary: "Redirect to the invoice's PDF",
    request: { params: idParams },
    responses: { 302: { description: "Redirect to the PDF", headers: z.object({ Location: z.url() }) } },
  },
  [400, 401, 404],
);

const create = route(
  "createInvoice",
  {
    method: "post",
    path: "/",
    summary: "Create an invoice (admin)",
    middleware: adminOnly,
    request: { body: jsonBody(createInvoiceInputSchema) },
    responses: { 201: jsonContent(invoiceSchema, "The new invoice") },
  },
  [400, 401, 403, 409],
);

const update = route(
  "updateInvoice",
  {
    method: "patch",
    path: "/{id}",
    summary: "Edit any field of an invoice, e.g. mark it paid (admin)",
    middleware: adminOnly,
    request: { params: idParams, body: jsonBody(updateInvoiceInputSchema) },
    responses: { 200: jsonContent(invoiceSchema, "The updated invoice") },
  },
  [400, 401, 403, 404, 409],
);
export function invoiceRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listInvoices(c.var.ctx, c.req.valid("query")), 200))
    .openapi(get, async (c) => c.json(await findInvoice(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(pdf, async (c) => c.redirect(await findInvoicePdfUrl(c.var.ctx, c.req.valid("param").id), 302))
    .openapi(create, async (c) => c.json(await createInvoice(c.var.ctx, c.req.valid("json")), 201))
    .openapi(update, async (c) => {
      const invoice = await updateInvoice(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") });
      return c.json(invoice, 200);
    });
}

