import type { InvoiceForm } from "@/web/features/invoices/components/admin/invoice-form-values";
import { InvoiceLinesField } from "@/web/features/invoices/components/admin/invoice-lines-field";
import type { LinesEditor } from "@/web/features/quotes/components/admin/quote-form-fields";

/**
 * The quote forms' lines: the invoice form's editor (a single amount or itemized lines, the live
 * totals), joined here because a feature does not reach into another's components. It reads and
 * writes only `amount` and `lines`, which the quote form holds with the invoice form's types.
 */
export const quoteLinesEditor: LinesEditor = (form, currency) => <InvoiceLinesField form={form as unknown as InvoiceForm} currency={currency} />;
