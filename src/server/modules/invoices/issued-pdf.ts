import type { Invoice } from "@/shared/schemas/invoice";
import type { ServiceContext } from "../context";
import { findInvoice } from "./invoices.service";
import { ensureGeneratedPdf } from "./pdf/generated-pdf";

/**
 * An invoice just issued (created issued, or a draft issued) gets its generated PDF now (ADR 025),
 * so the customer's first download is the bytes stored at issue. The invoice is already saved: a
 * failed rendering is logged, not thrown, and the first download renders it instead. The write
 * announced the invoice already, and every screen offers its PDF whether or not it is stored yet:
 * no second event. Inside a transaction its caller commits later (an idempotent create), the PDF
 * follows that commit, and the answer is the invoice as written, as when the rendering fails.
 */
export async function withIssuedPdf(ctx: ServiceContext, { invoice, becameIssued }: { invoice: Invoice; becameIssued: boolean }): Promise<Invoice> {
  if (!becameIssued) return invoice;
  if (ctx.deferUntilCommit) {
    ctx.deferUntilCommit((committed) => storeIssuedPdf(committed, invoice));
    return invoice;
  }
  return storeIssuedPdf(ctx, invoice);
}

async function storeIssuedPdf(ctx: ServiceContext, invoice: Invoice): Promise<Invoice> {
  try {
    await ensureGeneratedPdf(ctx, { id: invoice.id, alreadyAnnounced: true });
  } catch (error) {
    ctx.log.warn({ event: "invoices.pdf_failed", invoiceId: invoice.id, err: error }, "invoices: the PDF of an issued invoice could not be generated; its first download will");
    return invoice;
  }
  return findInvoice(ctx, invoice.id);
}
