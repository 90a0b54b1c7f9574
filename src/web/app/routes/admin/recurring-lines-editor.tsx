import type { InvoiceForm } from "@/web/features/invoices/components/admin/invoice-form-values";
import { InvoiceLinesField } from "@/web/features/invoices/components/admin/invoice-lines-field";
import type { LinesEditor } from "@/web/features/recurring/components/admin/recurring-form-fields";

/**
 * The recurring invoice form's lines: the invoice form's editor (a single amount or itemized
 * lines, the live totals), joined here because a feature does not reach into another's
 * components. It reads and writes only `amount` and `lines`, which the recurring form holds with
 * the invoice form's types. No currency: the API sends none for a schedule (plain amounts).
 */
export const recurringLinesEditor: LinesEditor = (form) => <InvoiceLinesField form={form as unknown as InvoiceForm} />;
