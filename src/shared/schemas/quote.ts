import { z } from "zod";
import { NOTHING_TO_UPDATE } from "../rules/common";
import {
  DECLINE_REASON_MAX,
  QUOTE_NOTES_MAX,
  QUOTE_TERMS_MAX,
  QUOTE_TITLE_MAX,
  quoteInvoicings,
  quoteMessages as messages,
  quoteStatuses,
  SIGNER_NAME_MAX,
} from "../rules/quote";
import { isSignatureImage, SIGNATURE_DATA_URL_MAX } from "../rules/signature";
import { invoiceLineSchema, linesInput } from "./invoice";
import { positiveAmountInputSchema } from "./money";
import { pageOf, pageQuerySchema } from "./pagination";
import { instantSchema, namedRecordSchema, timestampsShape } from "./records";
import { optionalText, requiredText } from "./text";

/* Quotes (issue 42, ADR 049): what an admin offers a company, and the customer's signed answer. */

/** 1 to 100 with at most two decimals, as a tax rate is written. */
const depositPercent = z
  .union([z.string().meta({ pattern: "^(?:\\d{1,2}(?:\\.\\d{1,2})?|100(?:\\.0{1,2})?)$" }), z.number().meta({ minimum: 1, maximum: 100, multipleOf: 0.01 })], messages.depositPercent)
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) >= 1 && Number(value) <= 100, messages.depositPercent);

const quoteFields = z.object({
  companyId: z.uuid(messages.chooseCompany),
  title: requiredText(messages.titleRequired, QUOTE_TITLE_MAX, messages.titleTooLong),
  lines: linesInput,
  notes: optionalText(messages.notesTooLong, QUOTE_NOTES_MAX),
  terms: optionalText(messages.termsTooLong, QUOTE_TERMS_MAX),
  /** The last day it can be accepted, in the installation's calendar (TIME_ZONE). */
  validUntil: z.iso.date(messages.validUntil),
  /** What accepting it invoices (`none` by default). */
  invoicing: z.enum(quoteInvoicings, messages.invoicing).default("none"),
  /** With `deposit`: a percent of the total (with tax), or an amount; exactly one. */
  depositPercent: depositPercent.nullable().optional(),
  depositAmount: positiveAmountInputSchema.nullable().optional(),
  /** The invoice acceptance makes: `unpaid` (issued at once, the default) or `draft`. */
  invoiceStatus: z.enum(["draft", "unpaid"], messages.invoiceStatus).default("unpaid"),
});

/** What JSON Schema cannot say of a quote's body, said in the document (ADR 018, amended). */
export const QUOTE_PROSE =
  "`validUntil` may not be before today (400 naming `validUntil`). With `invoicing: deposit`, exactly one of `depositPercent` and `depositAmount`, " +
  "an amount no more than the total (400 naming the one given, or `depositPercent` when neither is); without it, neither (400 naming the one given).";

export const createQuoteInputSchema = quoteFields.meta({ description: QUOTE_PROSE });
export type CreateQuoteInput = z.infer<typeof createQuoteInputSchema>;

/** Admin edit of a draft: any subset, at least one field. */
export const updateQuoteInputSchema = quoteFields
  .extend({ invoicing: z.enum(quoteInvoicings, messages.invoicing), invoiceStatus: z.enum(["draft", "unpaid"], messages.invoiceStatus) })
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE)
  .meta({ minProperties: 1, description: `Any subset of the fields, at least one; a draft's only (409 once sent). ${QUOTE_PROSE}` });
export type UpdateQuoteInput = z.infer<typeof updateQuoteInputSchema>;

/** POST /quotes/{id}/accept: the customer's typed name, their signature, and the tick. */
export const acceptQuoteInputSchema = z.object({
  signerName: requiredText(messages.signerName, SIGNER_NAME_MAX, messages.signerNameTooLong),
  /** A `data:image/png;base64,…` or `data:image/jpeg;base64,…` URL of at most 200 KB decoded: drawn, or the typed name drawn. */
  signature: z
    .string(messages.signature)
    .max(SIGNATURE_DATA_URL_MAX, messages.signature)
    .refine((value) => isSignatureImage(value), messages.signature)
    .meta({
      pattern: "^data:image/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$",
      description: "A data URL of a PNG or JPEG image of at most 200 KB decoded, its bytes the image its type names (400 naming `signature` otherwise).",
    }),
  accept: z.literal(true, messages.acceptTick),
});
export type AcceptQuoteInput = z.infer<typeof acceptQuoteInputSchema>;

export const declineQuoteInputSchema = z.object({ reason: optionalText(messages.reasonTooLong, DECLINE_REASON_MAX) });
export type DeclineQuoteInput = z.infer<typeof declineQuoteInputSchema>;

export const quoteListQuerySchema = pageQuerySchema.extend({
  status: z.enum(quoteStatuses).optional(),
  // Admins only; a customer's list is always their own company's.
  companyId: z.uuid().optional(),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

export const quoteSchema = z.object({
  id: z.uuid(),
  quoteNumber: z.string(),
  title: z.string(),
  company: namedRecordSchema,
  status: z.enum(quoteStatuses),
  /** Decimal strings, computed from the lines as an invoice's are. */
  subtotal: z.string(),
  tax: z.string(),
  amount: z.string(),
  /** ISO 4217 code of every amount (CURRENCY). */
  currency: z.string(),
  validUntil: z.iso.date(),
  invoicing: z.enum(quoteInvoicings),
  depositPercent: z.string().nullable(),
  depositAmount: z.string().nullable(),
  /** What the deposit invoice bills (decimal string), or null without a deposit. */
  deposit: z.string().nullable(),
  invoiceStatus: z.enum(["draft", "unpaid"]),
  sentAt: instantSchema.nullable(),
  /** When it was accepted or declined; null before. */
  answeredAt: instantSchema.nullable(),
  ...timestampsShape,
});
export type Quote = z.infer<typeof quoteSchema>;

/** Who accepted, when, from where, and the SHA-256 of the document they accepted. */
export const quoteAcceptanceSchema = z.object({
  signerName: z.string(),
  acceptedBy: namedRecordSchema.nullable(),
  acceptedAt: instantSchema,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The signature image as it was given (a data URL). */
  signature: z.string(),
  documentSha256: z.string(),
});

export const quoteDetailSchema = quoteSchema.extend({
  lines: z.array(invoiceLineSchema.omit({ id: true })),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  /** The SHA-256 (hex) of the PDF sent, which GET /quotes/{id}/pdf serves; null for a draft. */
  documentSha256: z.string().nullable(),
  acceptance: quoteAcceptanceSchema.nullable(),
  decline: z.object({ reason: z.string().nullable(), declinedBy: namedRecordSchema.nullable(), declinedAt: instantSchema }).nullable(),
  /** The invoice accepting it made, if the caller may see it (a customer never sees a draft). */
  invoice: z.object({ id: z.uuid(), invoiceNumber: z.string() }).nullable(),
  /** Whether the caller may accept or decline it now: its company's owner, and it is sent and not expired. */
  canAnswer: z.boolean(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

export const quotePageSchema = pageOf(quoteSchema);
