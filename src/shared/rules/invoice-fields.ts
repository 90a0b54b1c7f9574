/**
 * The invoice's free-text fields, each declared once (ADR 040): its limit and message, where it is
 * shown and how its history reads. The server's zod schema (src/shared/schemas/invoice.ts), the
 * web's zod/mini copy (src/web/lib/schemas/invoice.ts), the database column and its CHECK, the API
 * answer, the history, the CSV export, the PDF, the detail page and the form are all built from
 * this table, so adding a text field is an entry here and its words in the catalogues
 * (CODE_STYLE.md, "Adding a field"). Plain data, no zod: the web bundle reads it too.
 */

/** A mail catalogue message (src/server/mail/i18n.ts's shape): an explicit id and its English. */
interface MailWords {
  id: string;
  message: string;
}

export interface InvoiceTextField {
  /** The longest text stored, in characters; the database CHECK says the same. */
  max: number;
  /** The SQL column, which is also the CSV column's name. */
  column: string;
  /** The refusal of a longer text, word for word in the web's catalogue (src/web/lib/i18n/invoice-field-words.ts). */
  tooLong: string;
  /** `multiline`: a text area on the form and a block of its own on the page and the PDF; `line`: one input, shown beside the dates. */
  shape: "multiline" | "line";
  /** The field's name on the PDF (which is English only, like the rest of it). */
  pdfLabel: string;
  /** A column of the CSV export (added at the end, so a spreadsheet reading columns by position keeps working). */
  csv: boolean;
  /** May still change once the invoice is issued (ADR 026); otherwise the server answers 409 for a change. */
  editableWhenIssued: boolean;
  /** Copied to the draft that re-issues the invoice. */
  copiedOnReissue: boolean;
  /**
   * How a change reads in the history (shared/rules/activity.ts): its name, and whether its
   * values are told (`false` records only that it changed: a text can be pages long).
   */
  history: { label: string; values: boolean };
  /** The name in notification mails; the /*i18n*\/ marker puts it in the mail catalogue (lingui.config.ts). */
  mailLabel: MailWords;
}

/** The table's keys stay literal (each field's name is a type), its entries read as the general shape. */
const declared = <Name extends string>(fields: Record<Name, InvoiceTextField>) => fields;

export const invoiceTextFields = declared({
  notes: {
    max: 5000,
    column: "notes",
    tooLong: "Notes must be at most 5000 characters",
    shape: "multiline",
    pdfLabel: "Notes",
    csv: false,
    editableWhenIssued: true,
    copiedOnReissue: true,
    history: { label: "notes", values: false },
    mailLabel: /*i18n*/ { id: "mail.field.notes", message: "notes" },
  },
});

export type InvoiceTextFieldName = keyof typeof invoiceTextFields;

/** The fields in declaration order (the order of the form, the page, the PDF and the CSV). */
export const invoiceTextFieldNames = Object.keys(invoiceTextFields) as InvoiceTextFieldName[];

/** `build(field, name)` for every text field, keyed by its name: how each side makes its part from the table. */
export function eachInvoiceTextField<T>(build: (field: InvoiceTextField, name: InvoiceTextFieldName) => T): Record<InvoiceTextFieldName, T> {
  return Object.fromEntries(invoiceTextFieldNames.map((name) => [name, build(invoiceTextFields[name], name)])) as Record<InvoiceTextFieldName, T>;
}

/** The text fields' values of a stored invoice (null where unset). */
export const invoiceTextsOf = (invoice: Record<InvoiceTextFieldName, string | null>) => eachInvoiceTextField((_, name) => invoice[name]);
