import type { InvoiceStatus } from "@/shared/enums";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { files, invoices } from "@/server/db/schema";
import type { ServiceContext } from "../../context";
import { attachFile, insertPendingFile } from "../../files/attach";
import { findInvoiceFile, type DownloadableFile } from "../../files/files.service";
import { discardFile } from "../../files/stored-bytes";
import { findInvoice } from "../invoices.service";
import { loadInvoicePdfData } from "./invoice-pdf-data";
import { isIssued } from "../invoice-status";
import { renderInvoicePdf } from "./render-invoice-pdf";

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
export async function ensureGeneratedPdf(
  ctx: ServiceContext,
  { id: invoiceId, alreadyAnnounced = false }: { id: string; /** The write that issued it announced the invoice: no second event. */ alreadyAnnounced?: boolean },
): Promise<void> {
  const current = await findInvoice(ctx, invoiceId);
  if (!isIssued(current.status) || current.pdf || current.pdfUrl) return;

  const { invoice, data } = await loadInvoicePdfData(ctx, invoiceId);
  const bytes = await renderInvoicePdf(data);
  const { db, store } = ctx;
  const pending = await insertPendingFile(db, store, {
    companyId: invoice.company.id,
    name: pdfName(invoice.invoiceNumber),
    contentType: "application/pdf",
    // Nobody uploaded it: Portico made it.
    uploadedBy: null,
  });
  let attached = false;
  try {
    await store.put(pending.id, once(bytes));
    attached = await db.transaction(async (tx) => {
      const [locked] = await tx.select({ pdfUrl: invoices.pdfUrl }).from(invoices).where(eq(invoices.id, invoiceId)).for("update");
      const [existing] = await tx.select({ id: files.id }).from(files).where(eq(files.invoiceId, invoiceId));
      if (!locked || locked.pdfUrl || existing) return false;
      await attachFile(tx, pending.id, { column: "invoiceId", id: invoiceId }, { size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
      if (!alreadyAnnounced) await ctx.record(tx, { announce: { kind: "invoice", companyId: invoice.company.id, id: invoiceId } });
      return true;
    });
  } finally {
    if (!attached) await discardFile(db, store, pending.id);
  }
}

/** A draft's PDF as it would be issued, marked as a draft: rendered for this request, never stored. */
export async function renderInvoicePreview(ctx: ServiceContext, invoiceId: string): Promise<{ name: string; bytes: Uint8Array<ArrayBuffer> }> {
  const { invoice, data } = await loadInvoicePdfData(ctx, invoiceId);
  return { name: pdfName(invoice.invoiceNumber), bytes: await renderInvoicePdf(data) };
}

/**
 * The PDF for an invoice the caller may see that has none of its own (findInvoicePdf said so):
 * an issued invoice's generated file, stored on the first request; a draft's preview otherwise.
 * Undefined when the invoice gained an external link or lost its PDF meanwhile: ask again.
 */
export async function generatedInvoicePdf(
  ctx: ServiceContext,
  invoice: { id: string; status: InvoiceStatus },
): Promise<{ file: DownloadableFile } | { preview: { name: string; bytes: Uint8Array<ArrayBuffer> } } | undefined> {
  if (!isIssued(invoice.status)) return { preview: await renderInvoicePreview(ctx, invoice.id) };
  await ensureGeneratedPdf(ctx, { id: invoice.id });
  const file = await findInvoiceFile(ctx, invoice.id);
  return file && { file };
}
