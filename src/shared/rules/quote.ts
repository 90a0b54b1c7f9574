/**
 * Quotes (issue 42, ADR 049): their lifecycle, limits and messages, zod-free, so the server's
 * schemas, its services and the web's quote pages read one copy.
 *
 * A quote is a draft until an admin sends it; the company's owners then accept it with a
 * signature, or decline it. A sent quote past its `validUntil` day is shown `expired` and can no
 * longer be accepted; an accepted or declined one never changes again.
 */

/** What the database stores; `expired` is shown, never stored (a sent quote past its day). */
export const storedQuoteStatuses = ["draft", "sent", "accepted", "declined"] as const;
export type StoredQuoteStatus = (typeof storedQuoteStatuses)[number];
export const quoteStatuses = ["draft", "sent", "accepted", "declined", "expired"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** What accepting it invoices: nothing, a deposit (a percent of the total, or an amount), or the whole quote. */
export const quoteInvoicings = ["none", "deposit", "full"] as const;
export type QuoteInvoicing = (typeof quoteInvoicings)[number];

export const QUOTE_TERMS_MAX = 10_000;
export const QUOTE_NOTES_MAX = 5000;
export const QUOTE_TITLE_MAX = 200;
export const SIGNER_NAME_MAX = 200;
export const DECLINE_REASON_MAX = 2000;
/** The signature image as it is decoded: a drawn or typed signature is a few KB. */
export const SIGNATURE_BYTES_MAX = 200 * 1024;
/** The first number of the series, and its shape: `Q-` and at least four digits. */
export const QUOTE_NUMBER_PREFIX = "Q-";
export const QUOTE_NUMBER_DIGITS = 4;

export const quoteMessages = {
  chooseCompany: "Choose a company",
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${QUOTE_TITLE_MAX} characters`,
  notesTooLong: `Notes must be at most ${QUOTE_NOTES_MAX} characters`,
  termsTooLong: `Terms must be at most ${QUOTE_TERMS_MAX} characters`,
  validUntil: "Valid until must be a date (YYYY-MM-DD)",
  validUntilPast: "Valid until cannot be before today",
  invoicing: "Choose what accepting the quote invoices",
  invoiceStatus: "Choose whether the invoice is issued or a draft",
  depositPercent: "Deposit percent must be from 1 to 100, with at most 2 decimals",
  depositAmount: "Deposit amount must be an amount above 0, such as 500 or 500.50",
  depositOne: "Give the deposit as a percent or an amount, not both",
  depositMissing: "Give the deposit as a percent or an amount",
  depositAboveTotal: "The deposit cannot be more than the quote's total",
  depositWithout: "A deposit percent or amount only goes with a deposit invoice",
  signerName: "Type your full name",
  signerNameTooLong: `Your name must be at most ${SIGNER_NAME_MAX} characters`,
  signature: "Sign with a PNG or JPEG image of at most 200 KB",
  acceptTick: "Tick “I accept” to accept the quote",
  reasonTooLong: `The reason must be at most ${DECLINE_REASON_MAX} characters`,
  notFound: "Quote not found",
  notDraft: "Only a draft quote can change: this one was sent",
  notSent: "Only a sent quote can be accepted or declined",
  expired: "This quote has expired: ask for a new one",
  alreadyAnswered: "This quote was already answered",
  ownersOnly: "Only an owner of the company, or a member an owner allows, can accept or decline a quote",
  customersOnly: "Only the customer can accept or decline a quote",
  noIssuer: "This quote cannot be accepted now: ask the team to send it again",
} as const;

/** What a quote shows: a sent one past its last valid day (in TIME_ZONE's calendar) has expired. */
export function shownQuoteStatus(quote: { status: StoredQuoteStatus; validUntil: string }, today: string): QuoteStatus {
  return quote.status === "sent" && quote.validUntil < today ? "expired" : quote.status;
}

/** The number after `latest` in the series (`Q-0041` → `Q-0042`); `Q-0001` first. */
export function nextQuoteNumber(latest: number | null): string {
  return `${QUOTE_NUMBER_PREFIX}${String((latest ?? 0) + 1).padStart(QUOTE_NUMBER_DIGITS, "0")}`;
}
