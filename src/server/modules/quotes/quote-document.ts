import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { decodeSignature } from "@/shared/rules/signature";
import type { QuoteDetail } from "@/shared/schemas/quote";
import { companies } from "@/server/db/schema";
import type { ServiceContext } from "../context";
import { renderQuotePdf, type QuotePdfData } from "./pdf/render-quote-pdf";

/*
 * A quote's document (ADR 049): the PDF sending renders once and keeps, whose SHA-256 an
 * acceptance records; and the accepted copy, that same document's content with the signature
 * block and that hash under it.
 */

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** What the quote's PDF prints: the quote, its company's details as they are now, the brand name in use. */
async function pdfDataOf(ctx: ServiceContext, quote: QuoteDetail, issueDate: string): Promise<QuotePdfData> {
  const [company] = await ctx.db
    .select({ name: companies.name, contactName: companies.contactName, contactEmail: companies.contactEmail, phone: companies.phone, address: companies.address })
    .from(companies)
    .where(eq(companies.id, quote.company.id));
  return {
    brandName: ctx.brand.name(),
    currency: quote.currency,
    quoteNumber: quote.quoteNumber,
    title: quote.title,
    issueDate,
    validUntil: quote.validUntil,
    draft: quote.status === "draft",
    // The quote's company exists: the foreign key restricts its deletion.
    company: company!,
    lines: quote.lines.map(({ description, quantity, unitPrice, taxRate, total }) => ({ description, quantity, unitPrice, taxRate, total })),
    subtotal: quote.subtotal,
    tax: quote.tax,
    total: quote.amount,
    notes: quote.notes,
    terms: quote.terms,
    deposit: quote.deposit === null ? null : { label: quote.depositPercent ? `Deposit on acceptance (${Number(quote.depositPercent)}%)` : "Deposit on acceptance", amount: quote.deposit },
  };
}

/** The document a quote is sent as, on the day it is sent. */
export async function renderSentDocument(ctx: ServiceContext, { quote, sentOn }: { quote: QuoteDetail; sentOn: string }) {
  const bytes = await renderQuotePdf({ ...(await pdfDataOf(ctx, quote, sentOn)), draft: false });
  return { bytes, sha256: sha256Hex(bytes) };
}

/** An admin's preview of a draft: marked as a draft on every page, kept nowhere. */
export async function renderDraftPreview(ctx: ServiceContext, { quote, today }: { quote: QuoteDetail; today: string }) {
  return renderQuotePdf(await pdfDataOf(ctx, quote, today));
}

/**
 * The accepted quote, rendered once when it is accepted and kept: its content as sent, with who
 * signed, when, their signature and the sent document's SHA-256.
 */
export async function renderAcceptedDocument(
  ctx: ServiceContext,
  { quote, sentOn, acceptance }: { quote: QuoteDetail; sentOn: string; acceptance: { signerName: string; signature: string; acceptedAt: Date; documentSha256: string } },
) {
  // Validated by the request's schema: one that does not decode here is a bug.
  const signature = decodeSignature(acceptance.signature);
  if (!signature) throw new Error(`The signature of quote ${quote.id} is no image`);
  const data = await pdfDataOf(ctx, quote, sentOn);
  return renderQuotePdf({ ...data, draft: false, acceptance: { signerName: acceptance.signerName, acceptedAt: acceptance.acceptedAt, signature, documentSha256: acceptance.documentSha256 } });
}
