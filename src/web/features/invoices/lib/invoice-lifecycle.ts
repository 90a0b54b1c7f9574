import { msg } from "@lingui/core/macro";
import type { InvoiceStatus, StoredInvoiceStatus } from "@/shared/enums";
import { isIssued } from "@/shared/rules/invoice";

/** What the admin can do to an invoice from its detail page, by its status (the server's transitions). */
export type InvoiceAction = "issue" | "markPaid" | "markUnpaid" | "void" | "reissue" | "delete";

/** Issued means it left draft: its amounts, number, company and issue date are fixed for good (the shared rule). */
export { isIssued };

/** An invoice some of whose payments stand (ADR 043): the server's test, `amountPaid` above 0. */
export const hasPayments = ({ amountPaid }: { amountPaid: string }) => !/^0*(\.0*)?$/.test(amountPaid);

/**
 * The transitions the server accepts, as buttons: a draft is issued (or deleted); an issued invoice
 * moves between unpaid, paid and void but never back to draft; only an unpaid or void one is re-issued.
 * One with payments follows them (ADR 043): no status by hand, no void, no re-issue (which voids it).
 */
export function invoiceActionsFor(status: InvoiceStatus, { paymentsStand = false }: { paymentsStand?: boolean } = {}): InvoiceAction[] {
  if (paymentsStand) return [];
  switch (status) {
    case "draft":
      return ["issue", "delete"];
    case "unpaid":
      return ["markPaid", "void", "reissue"];
    case "partially_paid":
      return [];
    case "paid":
      return ["markUnpaid", "void"];
    case "void":
      return ["markUnpaid", "reissue"];
  }
}

/**
 * The statuses a status select may offer (stored ones only: partially paid follows from payments):
 * a new invoice is never created void; an issued one never returns to draft.
 */
export function statusChoicesFor(current: InvoiceStatus | undefined): StoredInvoiceStatus[] {
  if (current === undefined) return ["draft", "unpaid", "paid"];
  return isIssued(current) ? ["unpaid", "paid", "void"] : ["draft", "unpaid", "paid"];
}

/** Why an issued invoice's amounts cannot be edited, shown where the inputs would be. */
export const ISSUED_AMOUNTS_LOCKED = msg`An issued invoice keeps its amounts. To change them, void it and re-issue it.`;
