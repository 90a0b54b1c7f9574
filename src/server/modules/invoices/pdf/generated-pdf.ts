import type { InvoiceStatus } from "@/shared/enums";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { files, invoices } from "@/server/db/schema";
import type { AppDeps } from "@/server/http/context";
import type { ServiceContext } from "../../context";
import { attachFile, insertPendingFile } from "../../files/attach";
import { findInvoiceFile, type DownloadableFile } from "../../files/files.service";
import { discardFile } from "../../files/stored-bytes";
import { findInvoice } from "../invoices.service";
import { loadInvoicePdfData } from "./invoice-pdf-data";
import { isIssued } from "../invoice-status";
import { renderInvoicePdf } from "./render-invoice-pdf";

/** Where a generated PDF goes (the file store) and the brand it carries. */
export type GeneratedPdfDeps = Pick<AppDeps, "files" | "brand">;

async function* once(bytes: Uint8Array) {
  yield bytes;
}

const pdfName = (invoiceNumber: string) => `${invoiceNumber}.pdf`;

/**
 * Gives an issued invoice without a PDF of its own (no stored file, no external `pdfUrl`) the PDF
 * Portico renders from its data, stored as its PDF like an upload (ADR 025); a no-op otherwise.
 * Once stored it is served as it is: the invoice a customer received never changes under them.
 *
 * Rendering and storing the bytes happen outside any transaction; attaching takes the invoice's
 * row lock and attaches only if the invoice still has no PDF. Two first downloads at once both
 * render, one attaches, the other discards its copy; an admin's upload that arrived meanwhile wins.
 */
export async function ensureGeneratedPdf(ctx: ServiceContext, deps: GeneratedPdfDeps, invoiceId: string, { announce = true } = {}): Promise<void> {
  const current = await findInvoice(ctx, invoiceId);
  if (!isIssued(current.status) || current.pdf || current.pdfUrl) return;

  const { invoice, data } = await loadInvoicePdfData(ctx, deps.brand.name(), invoiceId);
  const bytes = await renderInvoicePdf(data);
  const { db } = ctx;
  const pending = await insertPendingFile(db, deps.files, {
    companyId: invoice.company.id,
    name: pdfName(invoice.invoiceNumber),
    contentType: "application/pdf",
    // Nobody uploaded it: Portico made it.
    uploadedBy: null,
  });
  let attached = false;
  try {
    await deps.files.put(pending.id, once(bytes));
    attached = await db.transaction(async (tx) => {
      const [locked] = await tx.select({ pdfUrl: invoices.pdfUrl }).from(invoices).where(eq(invoices.id, invoiceId)).for("update");
      const [existing] = await tx.select({ id: files.id }).from(files).where(eq(files.invoiceId, invoiceId));
      if (!locked || locked.pdfUrl || existing) return false;
      await attachFile(tx, pending.id, { column: "invoiceId", id: invoiceId }, { size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
      if (announce) await ctx.announce(tx, { kind: "invoice", companyId: invoice.company.id, id: invoiceId });
      return true;
    });
  } finally {
    if (!attached) await discardFile(db, deps.files, pending.id);
  }
}

/** A draft's PDF as it would be issued, marked as a draft: rendered for this request, never stored. */
export async function renderInvoicePreview(ctx: ServiceContext, deps: Pick<GeneratedPdfDeps, "brand">, invoiceId: string): Promise<{ name: string; bytes: Uint8Array<ArrayBuffer> }> {
  const { invoice, data } = await loadInvoicePdfData(ctx, deps.brand.name(), invoiceId);
  return { name: pdfName(invoice.invoiceNumber), bytes: await renderInvoicePdf(data) };
}

/**
 * The PDF for an invoice the caller may see that has none of its own (findInvoicePdf said so):
 * an issued invoice's generated file, stored on the first request; a draft's preview otherwise.
 * Undefined when the invoice gained an external link or lost its PDF meanwhile: ask again.
 */
export async function generatedInvoicePdf(
  ctx: ServiceContext,
  deps: GeneratedPdfDeps,
  invoice: { id: string; status: InvoiceStatus },
): Promise<{ file: DownloadableFile } | { preview: { name: string; bytes: Uint8Array<ArrayBuffer> } } | undefined> {
  if (!isIssued(invoice.status)) return { preview: await renderInvoicePreview(ctx, deps, invoice.id) };
  await ensureGeneratedPdf(ctx, deps, invoice.id);
  const file = await findInvoiceFile(ctx, invoice.id);
  return file && { file };
}
