import Big from "big.js";

/**
 * Exact money arithmetic for invoices (DESIGN D6): decimal strings in, decimal strings with two
 * decimals out, computed with big.js so no binary float ever touches an amount. The server computes
 * every stored total with it; the admin line editor previews the same figures with it.
 */

/** Half-up (0.005 becomes 0.01), the rounding on paper invoices; big.js's ROUND_HALF_UP. */
const HALF_UP = 1;

export const LINES_MAX = 200;
export const LINE_DESCRIPTION_MAX = 500;
export const QUANTITY_MAX = "9999999";
/** numeric(12,2): ten integer digits. */
export const MONEY_MAX = "9999999999.99";

export const QUANTITY_PATTERN = /^\d+(\.\d{1,3})?$/;
export const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
export const TAX_RATE_PATTERN = /^\d+(\.\d{1,2})?$/;

export const moneyMessages = {
  quantity: "Quantity must be a number above 0 with at most 3 decimals",
  quantityTooLarge: `Quantity must be at most ${QUANTITY_MAX}`,
  unitPrice: "Unit price must be a number of 0 or more with at most 2 decimals",
  unitPriceTooLarge: "Unit price is too large",
  taxRate: "Tax rate must be a percentage from 0 to 100 with at most 2 decimals",
  descriptionRequired: "Description is required",
  descriptionTooLong: `Description must be at most ${LINE_DESCRIPTION_MAX} characters`,
  linesRequired: "Add at least one line",
  tooManyLines: `An invoice has at most ${LINES_MAX} lines`,
  totalTooLarge: `The invoice total must be at most ${MONEY_MAX}`,
} as const;

export interface LineInput {
  quantity: string;
  unitPrice: string;
  /** Percent, e.g. "7.5"; null or absent = no tax on this line. */
  taxRate?: string | null;
}

export interface LineAmounts {
  total: string;
  tax: string;
}

export interface InvoiceTotals {
  subtotal: string;
  tax: string;
  total: string;
}

const cents = (value: Big) => value.round(2, HALF_UP).toFixed(2);

/** quantity × unit price, half-up to cents. */
export function lineTotal(line: LineInput): string {
  return cents(new Big(line.quantity).times(line.unitPrice));
}

/** The line's total × its rate / 100, half-up to cents; "0.00" without a rate. */
export function lineTax(line: LineInput): string {
  if (line.taxRate == null || line.taxRate === "") return "0.00";
  return cents(new Big(lineTotal(line)).times(line.taxRate).div(100));
}

export function lineAmounts(line: LineInput): LineAmounts {
  return { total: lineTotal(line), tax: lineTax(line) };
}

/** `percent` of `amount`, half-up to cents: a quote's deposit (ADR 049). */
export function percentOf(amount: string, percent: string): string {
  return cents(new Big(amount).times(percent).div(100));
}

/** Subtotal = sum of the rounded line totals, tax = sum of the rounded line taxes, total = both. */
export function invoiceTotals(lines: readonly LineInput[]): InvoiceTotals {
  let subtotal = new Big(0);
  let tax = new Big(0);
  for (const line of lines) {
    const amounts = lineAmounts(line);
    subtotal = subtotal.plus(amounts.total);
    tax = tax.plus(amounts.tax);
  }
  return { subtotal: subtotal.toFixed(2), tax: tax.toFixed(2), total: subtotal.plus(tax).toFixed(2) };
}

/** Whether an amount text (already known to be a decimal) fits numeric(12,2). */
export const fitsMoneyColumn = (amount: string) => new Big(amount).lte(MONEY_MAX);

/** Why a quantity text is refused, or undefined when it is a quantity. */
export function quantityProblem(value: string): string | undefined {
  if (!QUANTITY_PATTERN.test(value) || new Big(value).lte(0)) return moneyMessages.quantity;
  if (new Big(value).gt(QUANTITY_MAX)) return moneyMessages.quantityTooLarge;
  return undefined;
}

/** Why a unit price text is refused (negative prices too: there are no discount lines yet). */
export function unitPriceProblem(value: string): string | undefined {
  if (!PRICE_PATTERN.test(value)) return moneyMessages.unitPrice;
  if (!fitsMoneyColumn(value)) return moneyMessages.unitPriceTooLarge;
  return undefined;
}

/** Why a tax rate text is refused; null or "" is no tax. */
export function taxRateProblem(value: string | null | undefined): string | undefined {
  if (value == null || value === "") return undefined;
  if (!TAX_RATE_PATTERN.test(value) || new Big(value).gt(100)) return moneyMessages.taxRate;
  return undefined;
}

/** Whether each field of a line is valid (a form's half-typed line, or any JSON at all, may not be). */
export const isValidLine = (line: LineInput) =>
  [line.quantity, line.unitPrice].every((value) => typeof value === "string") &&
  (line.taxRate == null || typeof line.taxRate === "string") &&
  !quantityProblem(line.quantity) &&
  !unitPriceProblem(line.unitPrice) &&
  !taxRateProblem(line.taxRate);

/**
 * Why a set of lines is refused as a whole (count, or a total beyond numeric(12,2)). The total is
 * only judged once every line is valid: each invalid line has its own message.
 */
export function linesProblem(lines: readonly LineInput[]): string | undefined {
  if (lines.length === 0) return moneyMessages.linesRequired;
  if (lines.length > LINES_MAX) return moneyMessages.tooManyLines;
  if (lines.every(isValidLine) && !fitsMoneyColumn(invoiceTotals(lines).total)) return moneyMessages.totalTooLarge;
  return undefined;
}
