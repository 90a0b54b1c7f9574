import type { CreateInvoiceFormValues } from "@/web/lib/schemas/invoice";

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
