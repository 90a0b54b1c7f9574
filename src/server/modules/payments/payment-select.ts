import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Payment } from "@/shared/schemas/payment";
import type { Database } from "@/server/db/client";
import { prepared } from "@/server/db/prepared";
import { payments, profiles } from "@/server/db/schema";

/**
 * What a payment was, as both its answer and the payments export show it. numeric arrives as exact
 * decimal text ("1234.50"): shown and written as is, never through a float.
 */
export const paymentFigures = {
  amount: payments.amount,
  refunded: payments.refunded,
  currency: payments.currency,
  method: payments.method,
  provider: payments.provider,
  reference: payments.reference,
};

/** A payment as every answer shows it; `recordedBy` is null for a provider's (or once the admin's account is gone). */
export const paymentColumns = {
  id: payments.id,
  invoiceId: payments.invoiceId,
  ...paymentFigures,
  paidAt: payments.paidOn,
  // Drizzle answers null for this object when the left join found no profile.
  recordedBy: { id: profiles.id, name: profiles.fullName },
  createdAt: payments.createdAt,
};

type PaymentRow = Omit<Payment, "createdAt"> & { createdAt: Date };

export const paymentJson = (row: PaymentRow): Payment => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * The standing payments of one invoice, oldest first (removed ones are left out: their history
 * keeps them). The caller has already found the invoice in the actor's scope.
 */
export async function standingPaymentsOf(db: Database, invoiceId: string): Promise<Payment[]> {
  // Prepared, as the invoice's own row and lines are: the detail's statements are planned once, not per request.
  const statement = prepared(db, "standing_payments_of_invoice", (name) =>
    db
      .select(paymentColumns)
      .from(payments)
      .leftJoin(profiles, eq(profiles.id, payments.recordedBy))
      .where(and(eq(payments.invoiceId, sql.placeholder("invoiceId")), isNull(payments.removedAt)))
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .prepare(name),
  );
  const rows = await statement.execute({ invoiceId });
  return rows.map(paymentJson);
}
