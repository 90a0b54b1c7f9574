import { z } from "@hono/zod-openapi";
import { invoiceSchema } from "@/shared/schemas/invoice";
import { createRouter, type AppDeps } from "../../http/context";
import { idParams, idRead, jsonContent, sessionRoutes } from "../../http/openapi";
import { notFound } from "../../http/problem";
import { adminOnly } from "../../http/session";
import type { ServiceContext } from "../context";
import { downloadHeaders, fileResponse } from "../files/download";
import { downloadDescription, fileAnswers } from "../files/file-openapi";
import { invoiceOwner } from "../files/owners";
import { receiveUpload } from "../files/upload";
import { uploadBody, uploadDescription, uploadRefusals } from "../files/upload-openapi";
import { auditBy } from "@/server/changes/audit-entry";
import { findInvoice, findInvoicePdf, removeInvoicePdf } from "./invoices.service";
import { generatedInvoicePdf } from "./pdf/generated-pdf";
import { withAccessReason } from "../access-log/access-reason-openapi";

const route = sessionRoutes("Invoices");

// A PDF stored in Portico is served like any file; an older invoice's external link is still
// followed by a redirect: fetching it for the caller would make the server request any URL an
// admin typed (ADR 018). Without either, Portico's own rendering (ADR 025).
const pdf = route.get("/{id}/pdf", "getInvoicePdf", "Download the invoice's PDF", [400, 401, 404], withAccessReason({
  description:
    `The PDF stored for the invoice (${downloadDescription}) Without one, 302 to the invoice's external \`pdfUrl\` (an http or https link), ` +
    "with no body: follow the redirect. Without either, an issued invoice gets the PDF Portico renders from its data " +
    "(brand, the company's billing details, lines and totals), stored on the first download and served unchanged from then on; " +
    "a draft (admins only) is rendered for each request as a preview marked DRAFT, never stored, with no `ETag` or ranges. " +
    "404 for an invoice the caller cannot see, or whose `pdfUrl` is not a link Portico follows.",
  request: { params: idParams },
  responses: {
    ...fileAnswers,
    // A draft's preview is rendered for each request: it has no ETag and takes no range, so the
    // two are required only of a stored file's 206.
    200: {
      ...fileAnswers[200],
      description: "The stored PDF with its stored type, or Portico's rendering; a draft's preview has no `ETag` and no `Accept-Ranges`",
      headers: fileAnswers[200].headers.extend({
        ETag: z.string().optional().openapi({ description: "The SHA-256 of the file's bytes; not on a draft's preview" }),
        "Accept-Ranges": z.literal("bytes").optional().openapi({ description: "Not on a draft's preview" }),
      }),
    },
    302: {
      description: "Found: the PDF is at `Location`",
      headers: z.object({ Location: z.url().openapi({ description: "The invoice's PDF link (http or https)" }) }),
    },
  },
}));

const put = route.put("/{id}/pdf", "putInvoicePdf", "Upload the invoice's PDF, replacing an earlier one (admin)", [400, 401, 403, 404], {
  middleware: adminOnly,
  description: `${uploadDescription} The file must be a PDF. The invoice's \`pdfUrl\` is left as it is; the stored PDF is served in its place.`,
  request: { params: idParams, body: uploadBody },
  responses: { 200: jsonContent(invoiceSchema, "The invoice, with `pdf` set"), ...uploadRefusals },
});

const remove = route.delete("/{id}/pdf", "deleteInvoicePdf", "Remove the invoice's stored PDF (admin)", [400, 401, 403, 404], {
  middleware: adminOnly,
  description: "The invoice's `pdfUrl` is left as it is.",
  ...idRead(invoiceSchema, "The invoice, with `pdf` null"),
});

/** The stored PDF, the external link, or Portico's own (generated and stored, or a draft's preview). */
async function invoicePdfAnswer(ctx: ServiceContext, id: string) {
  const found = await findInvoicePdf(ctx, id);
  if (!("missing" in found)) return found;
  // Undefined only when the invoice changed while its PDF was made: its answer is then what it has now.
  const generated = await generatedInvoicePdf(ctx, found.missing);
  return generated ? { ...generated, invoice: found.invoice } : await findInvoicePdf(ctx, id);
}

export function invoicePdfRoutes({ files }: Pick<AppDeps, "files">) {
  return createRouter()
    .openapi(pdf, async (c) => {
      const { id } = c.req.valid("param");
      const found = await invoicePdfAnswer(c.var.ctx, id);
      // A download resumed with a Range is the same download: recorded once, at its start.
      if (!c.req.header("Range")) {
        const { invoice } = found;
        await c.var.ctx.record(c.var.ctx.db, { audit: auditBy(c.var.ctx, { kind: "invoice.pdf_downloaded", companyId: invoice.company.id, target: { type: "invoice", id, label: invoice.invoiceNumber } }) });
      }
      if ("file" in found) return fileResponse(c, files, found.file);
      if ("url" in found) return c.redirect(found.url, 302);
      if ("preview" in found) {
        const { name, bytes } = found.preview;
        return c.body(bytes, 200, { ...downloadHeaders({ contentType: "application/pdf", name }), "Content-Length": String(bytes.length) });
      }
      throw notFound("This invoice has no PDF");
    })
    .openapi(put, async (c) => {
      const id = c.req.valid("param").id;
      await receiveUpload(c, await invoiceOwner(c.var.ctx, id), { onlyType: "application/pdf" });
      return c.json(await findInvoice(c.var.ctx, id), 200);
    })
    .openapi(remove, async (c) => c.json(await removeInvoicePdf(c.var.ctx, c.req.valid("param")), 200));
}
