import { z } from "@hono/zod-openapi";
import { invoiceSchema } from "@/shared/schemas/invoice";
import { createRouter, type AppDeps } from "../../http/context";
import { idParams, jsonContent, sessionRoutes } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { fileResponse } from "../files/download";
import { downloadDescription, fileAnswers } from "../files/file-openapi";
import { invoiceOwner } from "../files/owners";
import { receiveUpload } from "../files/upload";
import { uploadBody, uploadDescription, uploadRefusals } from "../files/upload-openapi";
import { findInvoice, findInvoicePdf, removeInvoicePdf } from "./invoices.service";

const route = sessionRoutes("Invoices");
const adminOnly = requireRole("admin");

// A PDF stored in Portico is served like any file; an older invoice's external link is still
// followed by a redirect: fetching it for the caller would make the server request any URL an
// admin typed (ADR 018).
const pdf = route.get("/{id}/pdf", "getInvoicePdf", "Download the invoice's PDF", [400, 401, 404], {
  description:
    `The PDF stored for the invoice (${downloadDescription}) Without one, 302 to the invoice's external \`pdfUrl\` (an http or https link), ` +
    "with no body: follow the redirect. 404 when the invoice has neither.",
  request: { params: idParams },
  responses: {
    ...fileAnswers,
    302: {
      description: "Found: the PDF is at `Location`",
      headers: z.object({ Location: z.url().openapi({ description: "The invoice's PDF link (http or https)" }) }),
    },
  },
});

const put = route.put("/{id}/pdf", "putInvoicePdf", "Upload the invoice's PDF, replacing an earlier one (admin)", [400, 401, 403, 404], {
  middleware: adminOnly,
  description: `${uploadDescription} The file must be a PDF. The invoice's \`pdfUrl\` is left as it is; the stored PDF is served in its place.`,
  request: { params: idParams, body: uploadBody },
  responses: { 200: jsonContent(invoiceSchema, "The invoice, with `pdf` set"), ...uploadRefusals },
});

const remove = route.delete("/{id}/pdf", "deleteInvoicePdf", "Remove the invoice's stored PDF (admin)", [400, 401, 403, 404], {
  middleware: adminOnly,
  description: "The invoice's `pdfUrl` is left as it is.",
  request: { params: idParams },
  responses: { 200: jsonContent(invoiceSchema, "The invoice, with `pdf` null") },
});

export function invoicePdfRoutes({ files, env }: Pick<AppDeps, "files" | "env">) {
  return createRouter()
    .openapi(pdf, async (c) => {
      const found = await findInvoicePdf(c.var.ctx, c.req.valid("param").id);
      return "file" in found ? fileResponse(c, files, found.file) : c.redirect(found.url, 302);
    })
    .openapi(put, async (c) => {
      const id = c.req.valid("param").id;
      await receiveUpload(c, await invoiceOwner(c.var.ctx, id), { store: files, maxUploadMb: env.MAX_UPLOAD_MB, onlyType: "application/pdf" });
      return c.json(await findInvoice(c.var.ctx, id), 200);
    })
    .openapi(remove, async (c) => c.json(await removeInvoicePdf(c.var.ctx, files, c.req.valid("param").id), 200));
}
