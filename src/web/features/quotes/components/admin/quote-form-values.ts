import type { FieldErrors, Resolver, UseFormReturn } from "react-hook-form";
// The quote's own modules before the money rules: the customer's pages share them, and imported
// after big.js they would make every customer chunk of them wait for it (the build keeps the order).
import { QUOTE_NOTES_MAX, QUOTE_TERMS_MAX, QUOTE_TITLE_MAX, quoteMessages, type QuoteInvoicing } from "@/shared/rules/quote";
import { addDays, defaultValidUntil } from "../../lib/quote-rules";
import { AMOUNT_PATTERN, amountFitsColumn, invoiceMessages } from "@/shared/rules/invoice";
import { LINE_DESCRIPTION_MAX, linesProblem, moneyMessages, quantityProblem, taxRateProblem, unitPriceProblem } from "@/shared/rules/money";
import type { ApiBody, ApiOutput } from "@/web/lib/api-types";

/** The quote form's inputs, all text as typed; `amount` with no lines is the invoice editor's single amount. */
export interface QuoteFormValues {
  companyId: string;
  title: string;
  amount: string;
  lines: LineFormValues[];
  notes: string;
  terms: string;
  validUntil: string;
  invoicing: QuoteInvoicing;
  depositKind: "percent" | "amount";
  depositPercent: string;
  depositAmount: string;
  invoiceStatus: "unpaid" | "draft";
}

export type QuoteSubmit = ApiBody<"post", "/quotes">;
export type QuoteForm = UseFormReturn<QuoteFormValues, unknown, QuoteSubmit>;
type StoredQuote = ApiOutput<"get", "/quotes/:id">;

/** One line as the invoice form's line editor holds it (which the quote form reuses). */
export interface LineFormValues {
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
}

/** A blank quote: one empty line, valid for 30 days from today, nothing invoiced on acceptance. */
export const emptyQuoteForm = (today: string): QuoteFormValues => ({
  companyId: "",
  title: "",
  amount: "",
  lines: [{ description: "", quantity: "1", unitPrice: "", taxRate: "" }],
  notes: "",
  terms: "",
  validUntil: defaultValidUntil(today),
  invoicing: "none",
  depositKind: "percent",
  depositPercent: "",
  depositAmount: "",
  invoiceStatus: "unpaid",
});

/** A stored draft as the edit form shows it. */
export const quoteFormValuesOf = (quote: StoredQuote): QuoteFormValues => ({
  companyId: quote.company.id,
  title: quote.title,
  amount: "",
  lines: quote.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, taxRate: line.taxRate ?? "" })),
  notes: quote.notes ?? "",
  terms: quote.terms ?? "",
  validUntil: quote.validUntil,
  invoicing: quote.invoicing,
  depositKind: quote.depositAmount !== null ? "amount" : "percent",
  depositPercent: quote.depositPercent ?? "",
  depositAmount: quote.depositAmount ?? "",
  invoiceStatus: quote.invoiceStatus,
});

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Problems = Partial<Record<Exclude<keyof QuoteFormValues, "lines">, string>> & { lines?: string; line?: Array<Partial<Record<keyof LineFormValues, string>>> };

/**
 * The quote form checked by the server's rules (shared/rules: limits, messages, the money checks
 * of a line), first message per field; the server still judges what needs its data (a deposit
 * above the total, the company). A single amount is sent as one "Services" line, as the server
 * makes of an invoice's amount. Answers the body to send, or the problems.
 */
export function checkQuoteForm(values: QuoteFormValues, today: string): { ok: true; value: QuoteSubmit } | { ok: false; problems: Problems } {
  const problems: Problems = {};
  const title = values.title.trim();
  if (!values.companyId) problems.companyId = quoteMessages.chooseCompany;
  if (!title) problems.title = quoteMessages.titleRequired;
  else if (title.length > QUOTE_TITLE_MAX) problems.title = quoteMessages.titleTooLong;

  let lines: QuoteSubmit["lines"];
  if (values.lines.length === 0) {
    const amount = values.amount.trim();
    if (!amount) problems.amount = invoiceMessages.amountRequired;
    else if (!AMOUNT_PATTERN.test(amount)) problems.amount = invoiceMessages.amountFormat;
    else if (!amountFitsColumn(amount)) problems.amount = invoiceMessages.amountTooLarge;
    lines = [{ description: "Services", quantity: "1", unitPrice: amount, taxRate: null }];
  } else {
    const line = values.lines.map((entry) => {
      const description = entry.description.trim();
      const found: Partial<Record<keyof LineFormValues, string>> = {};
      if (!description) found.description = moneyMessages.descriptionRequired;
      else if (description.length > LINE_DESCRIPTION_MAX) found.description = moneyMessages.descriptionTooLong;
      const quantity = quantityProblem(entry.quantity.trim());
      const unitPrice = unitPriceProblem(entry.unitPrice.trim());
      const taxRate = taxRateProblem(entry.taxRate.trim() || null);
      if (quantity) found.quantity = quantity;
      if (unitPrice) found.unitPrice = unitPrice;
      if (taxRate) found.taxRate = taxRate;
      return found;
    });
    const trimmed = values.lines.map((entry) => ({ description: entry.description.trim(), quantity: entry.quantity.trim(), unitPrice: entry.unitPrice.trim(), taxRate: entry.taxRate.trim() || null }));
    lines = trimmed;
    if (line.some((found) => Object.keys(found).length > 0)) problems.line = line;
    else {
      const whole = linesProblem(trimmed);
      if (whole) problems.lines = whole;
    }
  }

  const notes = values.notes.trim();
  const terms = values.terms.trim();
  if (notes.length > QUOTE_NOTES_MAX) problems.notes = quoteMessages.notesTooLong;
  if (terms.length > QUOTE_TERMS_MAX) problems.terms = quoteMessages.termsTooLong;
  if (!DATE.test(values.validUntil) || addDays(values.validUntil, 0) !== values.validUntil) problems.validUntil = quoteMessages.validUntil;
  else if (values.validUntil < today) problems.validUntil = quoteMessages.validUntilPast;

  const deposit = values.invoicing === "deposit";
  const percent = values.depositPercent.trim();
  const fixed = values.depositAmount.trim();
  if (deposit && values.depositKind === "percent" && !(PERCENT.test(percent) && Number(percent) >= 1 && Number(percent) <= 100)) problems.depositPercent = quoteMessages.depositPercent;
  if (deposit && values.depositKind === "amount" && !(AMOUNT_PATTERN.test(fixed) && amountFitsColumn(fixed) && Number(fixed) > 0)) problems.depositAmount = quoteMessages.depositAmount;

  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      companyId: values.companyId,
      title,
      lines,
      notes: notes || null,
      terms: terms || null,
      validUntil: values.validUntil,
      invoicing: values.invoicing,
      ...(deposit ? (values.depositKind === "percent" ? { depositPercent: percent } : { depositAmount: fixed }) : {}),
      invoiceStatus: values.invoiceStatus,
    },
  };
}

/** The problems where react-hook-form (and the invoice's line editor) looks for them: `lines.2.quantity`, `lines` for the whole list. */
function fieldErrorsOf({ line, lines, ...fields }: Problems): FieldErrors<QuoteFormValues> {
  const error = (message: string) => ({ type: "validate", message });
  const errors: Record<string, unknown> = Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, error(message)]));
  if (line) errors.lines = line.map((found) => Object.fromEntries(Object.entries(found).map(([name, message]) => [name, error(message)])));
  else if (lines) errors.lines = error(lines);
  return errors as FieldErrors<QuoteFormValues>;
}

/** The form's resolver: today is read at each submit, so a form left open over midnight checks the new day. */
export const quoteFormResolver =
  (today: () => string): Resolver<QuoteFormValues, unknown, QuoteSubmit> =>
  (values) => {
    const checked = checkQuoteForm(values, today());
    return checked.ok ? { values: checked.value, errors: {} } : { values: {}, errors: fieldErrorsOf(checked.problems) };
  };
