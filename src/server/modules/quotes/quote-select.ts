import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { lineAmounts } from "@/shared/rules/money";
import { quoteMessages, type QuoteStatus } from "@/shared/rules/quote";
import { depositOf } from "@/shared/rules/quote-deposit";
import type { Quote, QuoteDetail } from "@/shared/schemas/quote";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "@/server/db/client";
import { companies, invoices, profiles, quotes } from "@/server/db/schema";
import { notFound } from "@/server/http/problem";

/*
 * How quotes are read (ADR 049): the columns of the answers, what a quote shows as its status on
 * a given day (a sent one past its day has expired), and the list's status filter on the same rule.
 */

/** Another company's quote, or a draft to a customer, answers as a missing one (D11). */
export const quoteNotFound = () => notFound(quoteMessages.notFound);

/** The status shown on `today` (YYYY-MM-DD in TIME_ZONE's calendar), as SQL. */
const shownStatus = (today: string) => sql<QuoteStatus>`(CASE WHEN ${quotes.status} = 'sent' AND ${quotes.validUntil} < ${today} THEN 'expired' ELSE ${quotes.status}::text END)`;

/** The list's `status` filter: `sent` and `expired` are told apart by the day. */
export function statusIs(status: QuoteStatus, today: string): SQL {
  if (status === "expired") return sql`${quotes.status} = 'sent' AND ${quotes.validUntil} < ${today}`;
  if (status === "sent") return sql`${quotes.status} = 'sent' AND ${quotes.validUntil} >= ${today}`;
  return eq(quotes.status, status);
}

const summaryColumns = (today: string) => ({
  id: quotes.id,
  quoteNumber: quotes.quoteNumber,
  title: quotes.title,
  company: { id: companies.id, name: companies.name },
  status: shownStatus(today),
  subtotal: quotes.subtotal,
  tax: quotes.tax,
  amount: quotes.amount,
  validUntil: quotes.validUntil,
  invoicing: quotes.invoicing,
  depositPercent: quotes.depositPercent,
  depositAmount: quotes.depositAmount,
  invoiceStatus: quotes.invoiceStatus,
  sentAt: quotes.sentAt,
  answeredAt: quotes.answeredAt,
  createdAt: quotes.createdAt,
  updatedAt: quotes.updatedAt,
});

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>["execute"]>>[number];

const selectSummaries = (db: Pick<Database, "select">, today: string) =>
  db.select(summaryColumns(today)).from(quotes).innerJoin(companies, eq(companies.id, quotes.companyId));

const toQuote = (row: SummaryRow, currency: string): Quote => ({
  ...row,
  currency,
  deposit: depositOf(row),
  sentAt: row.sentAt?.toISOString() ?? null,
  answeredAt: row.answeredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export interface QuoteRead {
  today: string;
  currency: string;
}

/** The quotes `where` selects, newest first, and how many there are in all. */
export async function selectQuotePage(db: Pick<Database, "select">, where: SQL | undefined, page: { limit: number; offset: number }, read: QuoteRead) {
  const rows = await selectSummaries(db, read.today).where(where).orderBy(desc(quotes.createdAt), desc(quotes.id)).limit(page.limit).offset(page.offset);
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(quotes).where(where);
  return { items: rows.map((row) => toQuote(row, read.currency)), total: counted?.count ?? 0 };
}

/** Who answered it: a second reading of the profiles, beside the company's. */
const answerer = alias(profiles, "answerer");

/**
 * One quote within `scope` with everything its page shows, or undefined. `invoiceScope` decides
 * whether the invoice its acceptance made is named: a customer never learns of a draft one.
 */
export async function selectQuoteDetail(db: Pick<Database, "select">, id: string, scope: { quote: SQL | undefined; invoice: SQL | undefined }, read: QuoteRead) {
  const [row] = await db
    .select({
      ...summaryColumns(read.today),
      lines: quotes.lines,
      notes: quotes.notes,
      terms: quotes.terms,
      documentSha256: quotes.documentSha256,
      storedStatus: quotes.status,
      signerName: quotes.signerName,
      signature: quotes.signature,
      signerIp: quotes.signerIp,
      signerUserAgent: quotes.signerUserAgent,
      declineReason: quotes.declineReason,
      answererId: answerer.id,
      answererName: answerer.fullName,
      invoice: { id: invoices.id, invoiceNumber: invoices.invoiceNumber },
    })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(answerer, eq(answerer.id, quotes.answeredBy))
    .leftJoin(invoices, and(eq(invoices.id, quotes.invoiceId), scope.invoice))
    .where(and(eq(quotes.id, id), scope.quote));
  if (!row) return undefined;
  const { lines, storedStatus, signerName, signature, signerIp, signerUserAgent, declineReason, answererId, answererName, invoice, ...summary } = row;
  const answeredAt = summary.answeredAt?.toISOString() ?? null;
  const by = answererId ? { id: answererId, name: answererName ?? "" } : null;
  const detail: Omit<QuoteDetail, "canAnswer"> = {
    ...toQuote(summary, read.currency),
    lines: lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, taxRate: line.taxRate ?? null, ...lineAmounts(line) })),
    notes: row.notes,
    terms: row.terms,
    documentSha256: row.documentSha256,
    acceptance:
      storedStatus === "accepted" && answeredAt && signature && signerName && row.documentSha256
        ? { signerName, acceptedBy: by, acceptedAt: answeredAt, ip: signerIp, userAgent: signerUserAgent, signature, documentSha256: row.documentSha256 }
        : null,
    decline: storedStatus === "declined" && answeredAt ? { reason: declineReason, declinedBy: by, declinedAt: answeredAt } : null,
    invoice: invoice?.id ? invoice : null,
  };
  return detail;
}
