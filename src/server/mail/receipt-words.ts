import type { PaymentMethod } from "@/shared/enums";
import type { MailMessage, Translate } from "./i18n";
import { intlLocales } from "./notification-words";

/*
 * The words of a payment's receipt (ADR 043): the mail (templates/letters.tsx) and its PDF
 * (modules/payments/receipt-pdf.ts) say the same things in the recipient's language, so both read
 * them from the mail catalogue here.
 */

export const paymentMethodMessages: Record<PaymentMethod, MailMessage> = {
  bank_transfer: /*i18n*/ { id: "mail.payment-method.bank-transfer", message: "Bank transfer" },
  cash: /*i18n*/ { id: "mail.payment-method.cash", message: "Cash" },
  card: /*i18n*/ { id: "mail.payment-method.card", message: "Card" },
};

/** What the receipt PDF prints besides the values. */
export const receiptPdfWords = {
  title: /*i18n*/ { id: "mail.payment-receipt.pdf.title", message: "Receipt" },
  forInvoice: /*i18n*/ { id: "mail.payment-receipt.pdf.for-invoice", message: "Receipt for invoice {invoiceNumber}" },
  receivedFrom: /*i18n*/ { id: "mail.payment-receipt.pdf.received-from", message: "Received from" },
  invoiceNumber: /*i18n*/ { id: "mail.payment-receipt.pdf.invoice-number", message: "Invoice number" },
  datePaid: /*i18n*/ { id: "mail.payment-receipt.pdf.date-paid", message: "Date paid" },
  method: /*i18n*/ { id: "mail.payment-receipt.pdf.method", message: "Method" },
  reference: /*i18n*/ { id: "mail.payment-receipt.pdf.reference", message: "Reference" },
  invoiceTotal: /*i18n*/ { id: "mail.payment-receipt.pdf.invoice-total", message: "Invoice total" },
  amountPaid: /*i18n*/ { id: "mail.payment-receipt.pdf.amount-paid", message: "Amount paid" },
  amountDue: /*i18n*/ { id: "mail.payment-receipt.pdf.amount-due", message: "Amount still due" },
  thanks: /*i18n*/ { id: "mail.payment-receipt.pdf.thanks", message: "Thank you for your payment." },
  footer: /*i18n*/ { id: "mail.payment-receipt.pdf.footer", message: "{brandName} · Receipt for invoice {invoiceNumber}" },
  fileName: /*i18n*/ { id: "mail.payment-receipt.pdf.file-name", message: "Receipt {invoiceNumber}.pdf" },
} satisfies Record<string, MailMessage>;

/**
 * Amounts and calendar dates as `t`'s language writes them: "$1,234.50" / "1.234,50 $",
 * "March 1, 2026" / "1. März 2026". Intl formats the decimal string itself, so no float ever holds
 * an amount (ADR 024); a date is a calendar day, read as UTC and never shifted.
 */
export function receiptFormats(t: Pick<Translate, "locale">, currency: string) {
  const money = new Intl.NumberFormat(intlLocales[t.locale], { style: "currency", currency });
  const date = new Intl.DateTimeFormat(intlLocales[t.locale], { dateStyle: "long", timeZone: "UTC" });
  return {
    amount: (value: string) => money.format(value as Intl.StringNumericLiteral),
    date: (value: string) => date.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)),
  };
}
