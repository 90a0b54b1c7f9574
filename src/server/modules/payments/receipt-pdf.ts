import type { PaymentMethod } from "@/shared/enums";
import type { Translate } from "@/server/mail/i18n";
import { paymentMethodMessages, receiptFormats, receiptPdfWords as w } from "@/server/mail/receipt-words";
import { BODY, CONTENT_WIDTH, INK, MUTED, PAGE, RIGHT, RULE, collect, label } from "../invoices/pdf/render-invoice-pdf";
import { winAnsiText } from "../invoices/pdf/win-ansi";

/** Everything a payment's receipt prints, already read (receipt-pdf-data.ts). */
export interface ReceiptPdfData {
  brandName: string;
  invoiceNumber: string;
  /** ISO 4217. */
  currency: string;
  company: { name: string; contactName: string | null; contactEmail: string | null; address: string | null };
  /** YYYY-MM-DD. */
  paidOn: string;
  method: PaymentMethod;
  reference: string | null;
  /** Decimal strings as stored: the invoice's total, this payment, and what was left due after it. */
  invoiceTotal: string;
  amount: string;
  amountDue: string;
}

/**
 * A payment's receipt as a PDF in `t`'s language, on the invoice PDF's page and type (standard
 * Helvetica, text in WinAnsi: render-invoice-pdf.ts, win-ansi.ts): the brand, "Receipt" and the
 * invoice it is for; who paid; when, how and the reference; then the invoice's total, the amount
 * paid and the amount still due. pdfkit is loaded on first use (ADR 007).
 */
export async function renderReceiptPdf(data: ReceiptPdfData, t: Translate): Promise<Uint8Array<ArrayBuffer>> {
  const { default: PDFDocument } = await import("pdfkit");
  const format = receiptFormats(t, data.currency);
  const text = (value: string) => winAnsiText(value);
  const words = { invoiceNumber: data.invoiceNumber, brandName: data.brandName };

  const doc = new PDFDocument({ size: PAGE.size, margin: PAGE.margin, info: { Title: text(t(w.forInvoice, words)), Author: text(data.brandName) } });
  const done = collect(doc);

  const top = PAGE.margin;
  const half = CONTENT_WIDTH / 2;
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text(text(data.brandName), PAGE.margin, top, { width: half, lineBreak: false, ellipsis: true });
  doc.fontSize(20).text(text(t(w.title)), PAGE.margin + half, top, { width: half, align: "right" });
  doc.fillColor(MUTED).font("Helvetica").fontSize(11).text(text(t(w.forInvoice, words)), PAGE.margin + half, top + 26, { width: half, align: "right" });
  const below = top + 48;
  doc.moveTo(PAGE.margin, below).lineTo(RIGHT, below).lineWidth(1).strokeColor(RULE).stroke();

  // Who paid on the left; the payment's facts on the right.
  const factsTop = below + 28;
  const { company } = data;
  label(doc, text(t(w.receivedFrom)), PAGE.margin, factsTop);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(11).text(text(company.name), PAGE.margin, factsTop + 14, { width: 260 });
  doc.font("Helvetica").fontSize(BODY);
  for (const detail of [company.contactName, company.contactEmail, company.address]) if (detail?.trim()) doc.text(text(detail.trim()), PAGE.margin, doc.y + 2, { width: 260 });
  const left = doc.y;

  const facts: [string, string][] = [
    [t(w.invoiceNumber), data.invoiceNumber],
    [t(w.datePaid), format.date(data.paidOn)],
    [t(w.method), t(paymentMethodMessages[data.method])],
    ...(data.reference ? [[t(w.reference), data.reference] as [string, string]] : []),
  ];
  let y = factsTop;
  for (const [name, value] of facts) {
    label(doc, text(name), 340, y + 1);
    doc.fillColor(INK).font("Helvetica").fontSize(BODY).text(text(value), 430, y, { width: RIGHT - 430, align: "right" });
    y = Math.max(doc.y, y + 12) + 4;
  }

  // The sums, the amount paid strongest.
  y = Math.max(left, y) + 28;
  const x = 300;
  const rows: [string, string, boolean][] = [
    [t(w.invoiceTotal), format.amount(data.invoiceTotal), false],
    [t(w.amountPaid), format.amount(data.amount), true],
    [t(w.amountDue), format.amount(data.amountDue), false],
  ];
  for (const [name, value, strong] of rows) {
    doc.fillColor(strong ? INK : MUTED).font(strong ? "Helvetica-Bold" : "Helvetica").fontSize(strong ? 12 : BODY);
    doc.text(text(name), x, y, { width: 140, lineBreak: false });
    doc.fillColor(INK).text(text(value), x + 140, y, { width: RIGHT - x - 140, align: "right", lineBreak: false });
    y += strong ? 20 : 16;
    doc.moveTo(x, y - 4).lineTo(RIGHT, y - 4).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  doc.fillColor(INK).font("Helvetica").fontSize(BODY).text(text(t(w.thanks)), PAGE.margin, y + 24, { width: CONTENT_WIDTH });

  // The footer sits in the bottom margin: without lifting it, pdfkit would start a new page.
  doc.page.margins.bottom = 0;
  doc.fillColor(MUTED).font("Helvetica").fontSize(7.5).text(text(t(w.footer, words)), PAGE.margin, PAGE.height - PAGE.margin + 16, { width: CONTENT_WIDTH, align: "center", lineBreak: false });

  doc.end();
  return done;
}
