import Big from "big.js";
import { percentOf } from "./money";
import { quoteMessages, type QuoteInvoicing } from "./quote";

/*
 * A quote's deposit (ADR 049): its arithmetic, apart from quote.ts, so that the web's quote
 * screens, which read quote.ts's limits and messages, do not carry big.js for it (ADR 008): the
 * server computes every deposit, and the web shows the figure it answers.
 */

/** The deposit a quote's acceptance invoices (its total's percent, half-up to cents, or its amount), or null without one. */
export function depositOf(quote: { invoicing: QuoteInvoicing; amount: string; depositPercent: string | null; depositAmount: string | null }): string | null {
  if (quote.invoicing !== "deposit") return null;
  if (quote.depositAmount !== null) return new Big(quote.depositAmount).toFixed(2);
  return quote.depositPercent === null ? null : percentOf(quote.amount, quote.depositPercent);
}

/**
 * Which field of a quote's deposit is wrong, and why, or undefined: with `deposit`, exactly one of
 * the percent and the amount, an amount no more than the total; without it, neither.
 */
export function depositProblem(quote: { invoicing: QuoteInvoicing; amount: string; depositPercent: string | null; depositAmount: string | null }): { field: "depositPercent" | "depositAmount"; message: string } | undefined {
  const { depositPercent: percent, depositAmount: amount } = quote;
  if (quote.invoicing !== "deposit") {
    if (percent !== null) return { field: "depositPercent", message: quoteMessages.depositWithout };
    if (amount !== null) return { field: "depositAmount", message: quoteMessages.depositWithout };
    return undefined;
  }
  if (percent === null && amount === null) return { field: "depositPercent", message: quoteMessages.depositMissing };
  if (percent !== null && amount !== null) return { field: "depositAmount", message: quoteMessages.depositOne };
  if (amount !== null && new Big(amount).gt(quote.amount)) return { field: "depositAmount", message: quoteMessages.depositAboveTotal };
  return undefined;
}
