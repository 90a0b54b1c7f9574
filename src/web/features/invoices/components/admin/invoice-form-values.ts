import type { CreateInvoiceInput, Invoice, UpdateInvoiceInput } from "@/shared/schemas/invoice";
import { problemDetail } from "@/web/lib/api";
import { showServerFieldErrors, type ServerCheckedForm } from "@/web/lib/form-errors";
import type { CreateInvoiceFormValues } from "@/web/lib/schemas/invoice";
import { toast } from "@/web/lib/toast";

export type InvoiceFormValues = CreateInvoiceFormValues;

/** Today in the admin's own time zone, as the date input wants it (YYYY-MM-DD). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A blank form: issued today, unpaid (spec: default status unpaid). */
export const emptyInvoiceForm = (): InvoiceFormValues => ({
  companyId: "",
  invoiceNumber: "",
  amount: "",
  issueDate: today(),
  dueDate: "",
  pdfUrl: "",
  status: "unpaid",
});

/** A stored invoice as the edit form shows it: empty inputs where a value is not set; its company fixed. */
export const invoiceFormValuesOf = (invoice: Invoice): InvoiceFormValues => ({
  companyId: invoice.company.id,
  invoiceNumber: invoice.invoiceNumber,
  amount: invoice.amount,
  issueDate: invoice.issueDate,
  dueDate: invoice.dueDate ?? "",
  pdfUrl: invoice.pdfUrl ?? "",
  status: invoice.status,
});

/** The edit form's checked values as a change: every field but the company, which never changes. */
export const invoiceChangesOf = ({ companyId: _companyId, ...changes }: CreateInvoiceInput): UpdateInvoiceInput => changes;

/**
 * A failed create or update of an invoice: logged, the server's field messages under the inputs
 * (a duplicate number, 409, names its field), and a toast "<message>: <server's detail>".
 */
export function reportFailedInvoiceSave(form: ServerCheckedForm<InvoiceFormValues>, error: unknown, message: string) {
  console.error(message, error);
  showServerFieldErrors(form, error);
  const detail = problemDetail(error);
  toast.error(detail ? `${message}: ${detail}` : message);
}
