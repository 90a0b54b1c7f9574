import Big from "big.js";
import type { InvoiceStatus } from "@/shared/enums";
import type { PorticoEvent } from "@/shared/schemas/event";
import type { InvoiceLine, InvoiceLineInput, UpdateInvoiceInput } from "@/shared/schemas/invoice";
import { INVOICE_IDENTITY_FIELDS, invoiceFieldsKeptWhenIssued, isIssued } from "@/shared/rules/invoice";
import { invoiceTextFieldNames } from "@/shared/rules/invoice-fields";
import { conflict, type Problem } from "@/server/http/problem";

export { isIssued };

export const statusMessages = {
  backToDraft: "An issued invoice cannot go back to draft: void it and re-issue it",
  amountsLocked: "An issued invoice keeps its amounts: void it and re-issue it to change them",
  identityLocked: "An issued invoice keeps its number, company and issue date: void it and re-issue it",
  textLocked: "An issued invoice keeps this text: void it and re-issue it",
  reissue: "Only an unpaid or void invoice can be re-issued",
  deleteIssued: "An issued invoice cannot be deleted: void it instead",
} as const;

const refused = (field: string, message: string) => conflict(`${field}: ${message}`, [{ field, message }]);

export const backToDraft = () => refused("status", statusMessages.backToDraft);
export const notReissuable = () => refused("status", statusMessages.reissue);
export const notDeletable = () => refused("status", statusMessages.deleteIssued);

/** Whether `status` may follow `current`: anything from a draft, any issued status from an issued one. */
export function checkTransition(current: InvoiceStatus, next: InvoiceStatus | undefined): void {
  if (next === "draft" && isIssued(current)) throw backToDraft();
}

/** The stored invoice as far as the locks look at it (its text fields too, when one is kept once issued). */
export interface LockedFields {
  status: InvoiceStatus;
  invoiceNumber: string;
  issueDate: string;
  companyId: string;
  lines: readonly InvoiceLine[];
  [textField: string]: unknown;
}

const sameDecimal = (a: string | null | undefined, b: string | null | undefined) => (a == null || b == null ? (a ?? null) === (b ?? null) : new Big(a).eq(b));

/** The same lines as stored: an edit form that sends an issued invoice's lines back unchanged is not a change. */
function sameLines(sent: readonly InvoiceLineInput[], stored: readonly InvoiceLine[]): boolean {
  return (
    sent.length === stored.length &&
    sent.every((line, i) => {
      const other = stored[i]!;
      return (
        line.description === other.description &&
        sameDecimal(line.quantity, other.quantity) &&
        sameDecimal(line.unitPrice, other.unitPrice) &&
        sameDecimal(line.taxRate, other.taxRate)
      );
    })
  );
}

/**
 * The 409 for an edit that changes what an issued invoice stands for, naming each field it would
 * change; undefined when the edit may go ahead. A field sent with its stored value is no change.
 */
export function lockedEdit(current: LockedFields, input: UpdateInvoiceInput, lines: readonly InvoiceLineInput[] | undefined): Problem | undefined {
  if (!isIssued(current.status)) return undefined;
  const errors: { field: string; message: string }[] = [];
  if (lines && !sameLines(lines, current.lines)) errors.push({ field: input.amount === undefined ? "lines" : "amount", message: statusMessages.amountsLocked });
  for (const field of INVOICE_IDENTITY_FIELDS) {
    if (input[field] !== undefined && input[field] !== current[field]) errors.push({ field, message: statusMessages.identityLocked });
  }
  // The text fields the shared table keeps once issued (rules/invoice-fields.ts); none today.
  for (const field of invoiceTextFieldNames.filter((name) => invoiceFieldsKeptWhenIssued.includes(name))) {
    if (input[field] !== undefined && input[field] !== (current[field] ?? null)) errors.push({ field, message: statusMessages.textLocked });
  }
  if (!errors.length) return undefined;
  return conflict(errors.map((error) => `${error.field}: ${error.message}`).join("; "), errors);
}

/**
 * The bookkeeping columns that follow a status change (nothing for an unchanged status): paid at/by
 * while paid, issued at from the moment it leaves draft (kept after), voided at while void.
 * `userId` is who it is paid by: null for nobody of the portal (a provider's payment, ADR 043).
 */
export function statusColumns(userId: string | null, next: InvoiceStatus | undefined, current?: InvoiceStatus) {
  if (next === undefined || next === current) return {};
  const now = new Date();
  return {
    ...(next === "paid" ? { paidAt: now, paidBy: userId } : { paidAt: null, paidBy: null }),
    ...(becomesIssued(next, current) ? { issuedAt: now } : {}),
    voidedAt: next === "void" ? now : null,
  };
}

/** Whether this change is the one that issues the invoice (the moment its PDF is made, ADR 025). */
export const becomesIssued = (next: InvoiceStatus | undefined, current?: InvoiceStatus) =>
  next !== undefined && isIssued(next) && (current === undefined || !isIssued(current));

/** A draft's changes are announced to admins only: its company's screens must not even refetch it. */
export function invoiceEvent(invoice: { id: string; status: InvoiceStatus; company: { id: string } }): PorticoEvent {
  return { kind: "invoice", companyId: invoice.company.id, id: invoice.id, ...(isIssued(invoice.status) ? {} : { adminsOnly: true as const }) };
}
