import { eachInvoiceTextField, type InvoiceTextFieldName } from "@/shared/rules/invoice-fields";
import { invoices } from "@/server/db/schema";

/** The invoice's text columns (notes…) as a select reads them, one per entry of rules/invoice-fields.ts. */
export const invoiceTextColumns = eachInvoiceTextField((_, name) => invoices[name]);

/** The text fields a re-issued invoice's draft copies (`copiedOnReissue`); the others start empty. */
export const textsCopiedOnReissue = (original: Record<InvoiceTextFieldName, string | null>) =>
  eachInvoiceTextField((field, name) => (field.copiedOnReissue ? original[name] : null));
