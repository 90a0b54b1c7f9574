import { z } from "zod";
import { AMOUNT_MAX_INTEGER_DIGITS, AMOUNT_PATTERN, amountFitsColumn, invoiceMessages } from "../rules/invoice";
import { MONEY_MAX } from "../rules/money";
import { paymentMessages } from "../rules/payment";

/**
 * What the decimal checks of money accept, as the OpenAPI document says it: the checks are
 * refinements after a transform, which the generator cannot show, so each field's two forms carry
 * the pattern and bounds of the same rule (openapi-enforced-rules.test.ts holds them to it). Text is
 * shown without the spaces the server trims; a number must be a multiple of the smallest step.
 */
export const decimalForms = (message: string, text: RegExp, number: Record<string, number>) =>
  z.union([z.string().meta({ pattern: text.source }), z.number().meta(number)], message);

/** `AMOUNT_PATTERN` within numeric(12,2): ten integer digits at most (amountFitsColumn). */
export const AMOUNT_TEXT = new RegExp(`^\\d{1,${AMOUNT_MAX_INTEGER_DIGITS}}(?:\\.\\d{1,2})?$`);
export const moneyNumber = { minimum: 0, maximum: Number(MONEY_MAX), multipleOf: 0.01 };

/** A decimal at least one cent: AMOUNT_TEXT without the zeros ("0", "0.00", "00.0"). */
const POSITIVE_AMOUNT_TEXT = new RegExp(`^(?!0*(?:\\.0*)?$)${AMOUNT_TEXT.source.slice(1)}`);

/**
 * Money travels as a decimal string and is stored exactly. A form may send a number; it is
 * turned into its shortest decimal text, so 0.1 + 0.2 (0.30000000000000004) is refused rather
 * than silently rounded.
 */
const moneyInput = (text: RegExp, number: Record<string, number>) =>
  decimalForms(invoiceMessages.amountRequired, text, number)
    .transform((value) => (typeof value === "number" ? String(value) : value.trim()))
    .refine((value) => value !== "", invoiceMessages.amountRequired)
    .refine((value) => value === "" || AMOUNT_PATTERN.test(value), invoiceMessages.amountFormat)
    .refine(amountFitsColumn, invoiceMessages.amountTooLarge);

export const amountInputSchema = moneyInput(AMOUNT_TEXT, moneyNumber);

/** An amount above zero (a payment of nothing is no payment), its minimum in the document's words too. */
export const positiveAmountInputSchema = moneyInput(POSITIVE_AMOUNT_TEXT, { exclusiveMinimum: 0, maximum: Number(MONEY_MAX), multipleOf: 0.01 }).refine(
  (value) => !/^0*(\.0*)?$/.test(value),
  paymentMessages.amountPositive,
);
