import { and, eq } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { Page } from "@/shared/schemas/pagination";
import type { Quote, QuoteDetail, QuoteListQuery } from "@/shared/schemas/quote";
import { auditBy } from "@/server/changes/audit-entry";
import { quotes } from "@/server/db/schema";
import type { ServiceContext } from "../context";
import { todayIn } from "../invoices/overdue";
import { invoiceScope, quoteScope } from "../scopes";
import { renderDraftPreview } from "./quote-document";
import { quoteNotFound, selectQuoteDetail, selectQuotePage, statusIs, type QuoteRead } from "./quote-select";

/** The day a quote's validity is read on (TIME_ZONE's calendar), and the currency its amounts are in. */
export const quoteRead = (ctx: ServiceContext): QuoteRead => ({ today: todayIn(ctx.billing.timeZone, ctx.clock.now()), currency: ctx.billing.currency });

/** Admins: every company's quotes, or one company's; customers: their company's, never a draft. Newest first. */
export async function listQuotes(ctx: ServiceContext, query: QuoteListQuery): Promise<Page<Quote>> {
  const read = quoteRead(ctx);
  const readsAll = can(ctx.actor, "readAll", "quote");
  const where = and(
    quoteScope(ctx.actor).where,
    readsAll && query.companyId ? eq(quotes.companyId, query.companyId) : undefined,
    query.status ? statusIs(query.status, read.today) : undefined,
  );
  const { items, total } = await selectQuotePage(ctx.db, where, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }, read);
  return { items, total, totalExact: true, page: query.page, pageSize: query.pageSize };
}

/** One quote the caller may see (404 otherwise: another company's, or a draft to a customer), and whether they may answer it now. */
export async function findQuote(ctx: ServiceContext, id: string): Promise<QuoteDetail> {
  const read = quoteRead(ctx);
  const detail = await selectQuoteDetail(ctx.db, id, { quote: quoteScope(ctx.actor).where, invoice: invoiceScope(ctx.actor).where }, read);
  if (!detail) throw quoteNotFound();
  const canAnswer = ctx.actor.role === "customer" && can(ctx.actor, "update", { type: "quote", companyId: detail.company.id }) && detail.status === "sent";
  return { ...detail, canAnswer };
}

/**
 * The quote's PDF as the caller may read it: a draft's preview (admins: customers never see a
 * draft), the document sent, byte for byte, or once accepted that document's content with the
 * signature block and the sent document's SHA-256. Each download is in the audit log, as an
 * invoice PDF's is: who read which quote, and when.
 */
export async function quotePdf(ctx: ServiceContext, id: string): Promise<{ name: string; bytes: Uint8Array }> {
  const quote = await findQuote(ctx, id);
  const name = `${quote.quoteNumber}.pdf`;
  await ctx.record(ctx.db, { audit: auditBy(ctx, { kind: "quote.pdf_downloaded", companyId: quote.company.id, target: { type: "quote", id, label: quote.quoteNumber } }) });
  if (quote.status === "draft") return { name, bytes: await renderDraftPreview(ctx, { quote, today: quoteRead(ctx).today }) };
  const [stored] = await ctx.db.select({ document: quotes.document, accepted: quotes.acceptedDocument }).from(quotes).where(eq(quotes.id, id));
  // Sent means it has its document, accepted its accepted one (CHECKs of the table).
  return { name, bytes: quote.acceptance ? stored!.accepted! : stored!.document! };
}
