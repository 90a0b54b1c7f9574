import { SIGNER_NAME_MAX, type quoteMessages, type QuoteInvoicing } from "@/shared/rules/quote";
import { isSignatureImage } from "@/shared/rules/signature";

/** Today in the reader's own time zone, as a date input wants it (YYYY-MM-DD). */
export const localToday = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** How long a new quote stays open unless the admin says otherwise. */
export const DEFAULT_VALID_DAYS = 30;

/** A calendar date `days` after `date` (both YYYY-MM-DD), whatever the reader's time zone or daylight saving. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A new quote's last valid day: today + 30 days. */
export const defaultValidUntil = (today: string) => addDays(today, DEFAULT_VALID_DAYS);

/** What accepting a quote invoices, as its pages say it. */
export type OnAcceptance = { kind: "none" } | { kind: "full" } | { kind: "depositPercent"; percent: string; deposit: string | null } | { kind: "depositAmount"; deposit: string };

interface Invoicing {
  invoicing: QuoteInvoicing;
  depositPercent: string | null;
  depositAmount: string | null;
  /** The amount the deposit invoice bills, computed by the server. */
  deposit: string | null;
}

/** "30" rather than "30.00": the percent as it is read. */
const shortPercent = (percent: string) => percent.replace(/\.0+$/, "").replace(/(\.\d*?)0+$/, "$1");

export function onAcceptance(quote: Invoicing): OnAcceptance {
  if (quote.invoicing === "full") return { kind: "full" };
  if (quote.invoicing !== "deposit") return { kind: "none" };
  if (quote.depositPercent !== null) return { kind: "depositPercent", percent: shortPercent(quote.depositPercent), deposit: quote.deposit };
  return { kind: "depositAmount", deposit: quote.deposit ?? quote.depositAmount ?? "0" };
}

export type AcceptanceField = "signerName" | "signature" | "accept";
/** A refusal of acceptQuoteInputSchema, named by its key in `quoteMessages`. */
export type AcceptanceProblem = keyof Pick<typeof quoteMessages, "signerName" | "signerNameTooLong" | "signature" | "acceptTick">;

/**
 * The accept form's checks, by the server's rules (acceptQuoteInputSchema): a typed name, a PNG
 * or JPEG signature of at most 200 KB (the same decoder the server uses), and the tick. Each
 * problem is the key of the server's message, which the form shows from its own catalogue
 * messages of the same English, so the customer's pages carry no other of the quote messages.
 */
export function acceptanceProblems({ signerName, signature, accepted }: { signerName: string; signature: string | null; accepted: boolean }) {
  const name = signerName.trim();
  const problems: Partial<Record<AcceptanceField, AcceptanceProblem>> = {};
  if (!name) problems.signerName = "signerName";
  else if (name.length > SIGNER_NAME_MAX) problems.signerName = "signerNameTooLong";
  if (!signature || !isSignatureImage(signature)) problems.signature = "signature";
  if (!accepted) problems.accept = "acceptTick";
  return problems;
}
