import { createRoute, z } from "@hono/zod-openapi";
import {
  createInvoiceInputSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceSchema,
  updateInvoiceInputSchema,
} from "@/shared/schemas/invoice";
import { createRouter } from "../../http/context";
import { idParams, jsonBody, jsonContent, problemResponses, sessionSecurity } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { createInvoice, findInvoice, findInvoicePdfUrl, listInvoices, updateInvoice } from "./invoices.service";

const tags = ["Invoices"];
const { 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = problemResponses;

const list = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "Invoices the caller may see",
  description:
    "Customers get all of their company's invoices in one page, newest issue date first (page, pageSize and companyId are ignored). " +
    "Admins get a page of all invoices, newest created first, optionally filtered by companyId and status, searched by invoice number `q`.",
  security: sessionSecurity,
  request: { query: invoiceListQuerySchema },
  responses: { 200: jsonContent(invoicePageSchema, "A page of invoices"), 400: badRequest, 401: unauthorized },
});

const get = createRoute({
  method: "get",
  path: "/{id}",
  tags,
  summary: "One invoice",
  security: sessionSecurity,
  request: { params: idParams },
  responses: { 200: jsonContent(invoiceSchema, "The invoice"), 400: badRequest, 401: unauthorized, 404: notFound },
});

const pdf = createRoute({
  method: "get",
  path: "/{id}/pdf",
  tags,
  summary: "Redirect to the invoice's PDF",
  security: sessionSecurity,
  request: { params: idParams },
  responses: {
    302: { description: "Redirect to the PDF", headers: z.object({ Location: z.url() }) },
    400: badRequest,
    401: unauthorized,
    404: notFound,
  },
});

const create = createRoute({
  method: "post",
  path: "/",
  tags,
  summary: "Create an invoice (admin)",
  security: sessionSecurity,
  middleware: [requireRole("admin")] as const,
  request: { body: jsonBody(createInvoiceInputSchema) },
  responses: {
    201: jsonContent(invoiceSchema, "The new invoice"),
    400: badRequest,
    401: unauthorized,
    403: forbidden,
    409: conflict,
  },
});

const update = createRoute({
  method: "patch",
  path: "/{id}",
  tags,
  summary: "Edit an invoice, e.g. mark it paid (admin)",
  security: sessionSecurity,
  middleware: [requireRole("admin")] as const,
  request: { params: idParams, body: jsonBody(updateInvoiceInputSchema) },
  responses: {
    200: jsonContent(invoiceSchema, "The updated invoice"),
    400: badRequest,
    401: unauthorized,
    403: forbidden,
    404: notFound,
    409: conflict,
  },
});

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
