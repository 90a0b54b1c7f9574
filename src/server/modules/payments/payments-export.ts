import { and, eq, isNull } from "drizzle-orm";
import { can } from "@/shared/policies";
import { eachRow, keysetBatches, keysetColumns } from "@/server/db/keyset-batches";
import { companies, invoices, payments, profiles } from "@/server/db/schema";
import type { CsvCell } from "@/server/http/csv";
import { forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { paymentScope } from "../scopes";
import { paymentFigures } from "./payment-select";

/** The payments export's header row (ADR 043); each row below follows it. */
export const paymentCsvColumns = [
  "invoice_number",
  "company",
  "amount",
  "refunded",
  "currency",
  "method",
  "provider",
  "reference",
  "paid_on",
  "recorded_by",
  "created_at",
] as const;

export interface PaymentExportOptions {
  /** Rows per database query (tests make it small to cross batch boundaries). */
  batchSize?: number;
}

/**
 * Every standing payment (removed ones are left out), newest recorded first, as CSV rows read in
 * keyset batches as they are consumed (as the invoice export). Refuses before any row is read:
 * once a download has begun it can no longer answer 403.
 */
export function exportPayments(ctx: ServiceContext, options: PaymentExportOptions = {}): AsyncIterable<CsvCell[]> {
  if (!can(ctx.actor, "readAll", "payment")) throw forbidden();
  return paymentRows(ctx, options);
}

async function* paymentRows({ db, actor }: ServiceContext, { batchSize }: PaymentExportOptions): AsyncGenerator<CsvCell[]> {
  const batches = keysetBatches({
    createdAt: payments.createdAt,
    id: payments.id,
    sort: "desc",
    batchSize,
    batch: ({ after, orderBy, limit }) =>
      db
        .select({
          ...keysetColumns(payments.createdAt, payments.id),
          invoiceNumber: invoices.invoiceNumber,
          company: companies.name,
          ...paymentFigures,
          paidOn: payments.paidOn,
          recordedBy: profiles.fullName,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .innerJoin(companies, eq(companies.id, payments.companyId))
        .leftJoin(profiles, eq(profiles.id, payments.recordedBy))
        .where(and(paymentScope(actor).where, isNull(payments.removedAt), after))
        .orderBy(...orderBy)
        .limit(limit),
  });
  for await (const row of eachRow(batches)) {
    yield [row.invoiceNumber, row.company, row.amount, row.refunded, row.currency, row.method, row.provider, row.reference, row.paidOn, row.recordedBy, row.createdAt];
  }
}
