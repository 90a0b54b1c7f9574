import Big from "big.js";
import { eq } from "drizzle-orm";
import { invoiceStatusLabels } from "@/shared/enums";
import { invoiceTextsOf } from "@/shared/rules/invoice-fields";
import type { InvoiceDetail } from "@/shared/schemas/invoice";
import { companies } from "@/server/db/schema";
import type { ServiceContext } from "../../context";
import { findInvoiceDetail } from "../invoices.service";
import { isIssued } from "../invoice-status";
import type { InvoicePdfData } from "./render-invoice-pdf";

/**
 * What the PDF of an invoice the caller may see prints (404 otherwise, through the invoice's
 * scope): the invoice with its lines, its company's billing details as they are now, and the brand
 * name in use (site settings, else BRAND_NAME: the same `brand.name()` as the web shell and mail).
 * A partly or wholly paid invoice prints what was paid and what is left (ADR 043).
 */
export async function loadInvoicePdfData(ctx: ServiceContext, invoiceId: string): Promise<{ invoice: InvoiceDetail; data: InvoicePdfData }> {
  const invoice = await findInvoiceDetail(ctx, invoiceId);
  const [company] = await ctx.db
    .select({ name: companies.name, contactName: companies.contactName, contactEmail: companies.contactEmail, phone: companies.phone, address: companies.address })
    .from(companies)
    .where(eq(companies.id, invoice.company.id));
  const data: InvoicePdfData = {
    brandName: ctx.brand.name(),
    currency: invoice.currency,
    invoiceNumber: invoice.invoiceNumber,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    statusLabel: (invoiceStatusLabels as Record<string, string>)[invoice.status] ?? invoice.status,
    draft: !isIssued(invoice.status),
    // The invoice's company always exists: the foreign key cascades its deletion to its invoices.
    company: company!,
    lines: invoice.lines.map(({ description, quantity, unitPrice, taxRate, total }) => ({ description, quantity, unitPrice, taxRate, total })),
    subtotal: invoice.subtotal,
    tax: invoice.tax,
    total: invoice.amount,
    ...(new Big(invoice.amountPaid).gt(0) ? { payments: { amountPaid: invoice.amountPaid, amountDue: invoice.amountDue } } : {}),
    ...invoiceTextsOf(invoice),
  };
  return { invoice, data };
}
