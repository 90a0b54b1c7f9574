import { invoiceTextFieldNames, invoiceTextFields, type InvoiceTextFieldName } from "@/shared/rules/invoice-fields";
import { winAnsiText } from "./win-ansi";

/** The invoice's text fields (rules/invoice-fields.ts) by name; a field left out or null is not printed. */
type InvoicePdfTexts = Partial<Record<InvoiceTextFieldName, string | null>>;

/** Everything printed on an invoice's PDF, already read and allowed (invoice-pdf-data.ts). */
export interface InvoicePdfData extends InvoicePdfTexts {
  brandName: string;
  /** ISO 4217 (CURRENCY). */
  currency: string;
  invoiceNumber: string;
  /** SQL dates, YYYY-MM-DD. */
  issueDate: string;
  dueDate: string | null;
  statusLabel: string;
  /** A draft's preview says so across every page: it is not an invoice yet. */
  draft: boolean;
  company: { name: string; contactName: string | null; contactEmail: string | null; phone: string | null; address: string | null };
  /** Decimal strings as stored (numeric): "1.500", "1250.00", "20.00". */
  lines: { description: string; quantity: string; unitPrice: string; taxRate: string | null; total: string }[];
  subtotal: string;
  tax: string;
  total: string;
  /** What its payments paid and what is left (ADR 043), printed under the total; absent while nothing was paid. */
  payments?: { amountPaid: string; amountDue: string };
}

/** The text fields with a value, by shape: a one-line text is a fact beside the dates, a multi-line one a block of its own. */
const textsShaped = (data: InvoicePdfData, shape: "line" | "multiline") =>
  invoiceTextFieldNames.flatMap((name) => {
    const value = data[name];
    return invoiceTextFields[name].shape === shape && value ? [{ label: invoiceTextFields[name].pdfLabel, value }] : [];
  });

/** The page and type of Portico's PDFs; the receipt (modules/payments/receipt-pdf.ts) prints on the same. */
export const PAGE = { size: "A4", width: 595.28, height: 841.89, margin: 50 } as const;
export const RIGHT = PAGE.width - PAGE.margin;
export const CONTENT_WIDTH = RIGHT - PAGE.margin;
export const INK = "#1f2937";
export const MUTED = "#6b7280";
export const RULE = "#d1d5db";
export const BODY = 9.5;
const COLUMNS = [
  { label: "Description", x: PAGE.margin, width: 215, align: "left" },
  { label: "Quantity", x: 270, width: 50, align: "right" },
  { label: "Unit price", x: 325, width: 80, align: "right" },
  { label: "Tax rate", x: 410, width: 45, align: "right" },
  { label: "Amount", x: 460, width: RIGHT - 460, align: "right" },
] as const;
const CELL_PADDING = 5;

type Doc = PDFKit.PDFDocument;

/** "2026-03-01" → "March 1, 2026": a calendar date, so read as UTC and never shifted. */
const dateText = (date: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/** "1.500" → "1.5", "2.000" → "2": the column is numeric(12,3), the zeros say nothing. */
const quantityText = (quantity: string) => quantity.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

/**
 * The invoice as a PDF, from its data alone (no database, no clock but the PDF's creation date).
 * pdfkit is loaded on first use, so the server's start-up does not pay for it (ADR 007, ADR 025).
 */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Uint8Array<ArrayBuffer>> {
  const { default: PDFDocument } = await import("pdfkit");
  // Intl formats the decimal string itself, exactly: no float ever holds an amount (ADR 024).
  const money = new Intl.NumberFormat("en-US", { style: "currency", currency: data.currency });
  const amount = (value: string) => money.format(value as Intl.StringNumericLiteral);
  const text = (value: string) => winAnsiText(value);

  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: text(`Invoice ${data.invoiceNumber}`), Author: text(data.brandName) },
  });
  const done = collect(doc);

  let y = header(doc, data, text);
  y = billTo(doc, data, text, y + 28);
  y = lineTable(doc, data, { text, amount }, y + 24);
  y = totals(doc, data, amount, y + 10);
  for (const block of textsShaped(data, "multiline")) y = textBlock(doc, block.label, text(block.value), y + 24);
  footers(doc, data, text);

  doc.end();
  return done;
}

export function collect(doc: Doc): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
}

function header(doc: Doc, data: InvoicePdfData, text: (value: string) => string): number {
  const top = PAGE.margin;
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text(text(data.brandName), PAGE.margin, top, { width: CONTENT_WIDTH / 2, lineBreak: false, ellipsis: true });
  doc.fontSize(20).text("Invoice", PAGE.margin + CONTENT_WIDTH / 2, top, { width: CONTENT_WIDTH / 2, align: "right" });
  doc.fillColor(MUTED).font("Helvetica").fontSize(11).text(text(data.invoiceNumber), PAGE.margin + CONTENT_WIDTH / 2, top + 26, { width: CONTENT_WIDTH / 2, align: "right" });
  const below = top + 48;
  doc.moveTo(PAGE.margin, below).lineTo(RIGHT, below).lineWidth(1).strokeColor(RULE).stroke();
  return below;
}

/** The company on the left, the invoice's number, dates and status on the right. */
function billTo(doc: Doc, data: InvoicePdfData, text: (value: string) => string, top: number): number {
  const { company } = data;
  const width = 260;
  label(doc, "Bill to", PAGE.margin, top);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(11).text(text(company.name), PAGE.margin, top + 14, { width });
  doc.font("Helvetica").fontSize(BODY);
  const details = [company.contactName, company.contactEmail, company.phone, company.address].filter((value): value is string => Boolean(value?.trim()));
  for (const detail of details) doc.text(text(detail.trim()), PAGE.margin, doc.y + 2, { width });
  const left = doc.y;

  const facts: [string, string][] = [
    ["Invoice number", text(data.invoiceNumber)],
    ...textsShaped(data, "line").map(({ label, value }): [string, string] => [label, text(value)]),
    ["Issue date", dateText(data.issueDate)],
    ["Due date", data.dueDate ? dateText(data.dueDate) : "On receipt"],
    ["Status", text(data.statusLabel)],
  ];
  let y = top;
  for (const [name, value] of facts) {
    label(doc, name, 340, y + 1);
    doc.fillColor(INK).font("Helvetica").fontSize(BODY).text(value, 430, y, { width: RIGHT - 430, align: "right" });
    y = Math.max(doc.y, y + 12) + 4;
  }
  return Math.max(left, y);
}

export function label(doc: Doc, value: string, x: number, y: number) {
  doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(7.5).text(value.toUpperCase(), x, y, { characterSpacing: 0.6, lineBreak: false });
}

function tableHeader(doc: Doc, top: number): number {
  doc.rect(PAGE.margin, top, CONTENT_WIDTH, 20).fill("#f3f4f6");
  doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(8);
  for (const column of COLUMNS) doc.text(column.label, column.x + (column.align === "left" ? CELL_PADDING : 0), top + 6, { width: column.width - CELL_PADDING, align: column.align, lineBreak: false });
  return top + 20;
}

/** One row per line; a long description wraps in its column, and a row never splits across pages. */
function lineTable(doc: Doc, data: InvoicePdfData, format: { text: (value: string) => string; amount: (value: string) => string }, top: number): number {
  const bottom = PAGE.height - PAGE.margin - 20;
  let y = tableHeader(doc, top);
  const description = COLUMNS[0];
  for (const line of data.lines) {
    const cells = [
      format.text(line.description),
      quantityText(line.quantity),
      format.amount(line.unitPrice),
      line.taxRate === null ? "–" : `${quantityText(line.taxRate)}%`,
      format.amount(line.total),
    ];
    doc.font("Helvetica").fontSize(BODY);
    const height = doc.heightOfString(cells[0]!, { width: description.width - CELL_PADDING }) + 2 * CELL_PADDING + 2;
    if (y + height > bottom) {
      doc.addPage();
      y = tableHeader(doc, PAGE.margin);
    }
    doc.fillColor(INK);
    COLUMNS.forEach((column, index) =>
      doc.text(cells[index]!, column.x + (column.align === "left" ? CELL_PADDING : 0), y + CELL_PADDING + 1, { width: column.width - CELL_PADDING, align: column.align }),
    );
    y += height;
    doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  return y;
}

function totals(doc: Doc, data: InvoicePdfData, amount: (value: string) => string, top: number): number {
  const rows: [string, string, boolean][] = [
    ["Subtotal", amount(data.subtotal), false],
    ["Tax", amount(data.tax), false],
    ["Total", amount(data.total), true],
    ...(data.payments ? ([["Paid", amount(data.payments.amountPaid), false], ["Amount due", amount(data.payments.amountDue), false]] as [string, string, boolean][]) : []),
  ];
  let y = top;
  if (y + 25 + rows.length * 15 > PAGE.height - PAGE.margin - 20) {
    doc.addPage();
    y = PAGE.margin;
  }
  const x = 340;
  for (const [name, value, strong] of rows) {
    if (strong) {
      doc.moveTo(x, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(INK).stroke();
      y += 6;
    }
    doc.fillColor(strong ? INK : MUTED).font(strong ? "Helvetica-Bold" : "Helvetica").fontSize(strong ? 12 : BODY);
    doc.text(name, x, y, { width: 100, lineBreak: false });
    doc.fillColor(INK).text(value, x + 100, y, { width: RIGHT - x - 100, align: "right", lineBreak: false });
    y += strong ? 18 : 15;
  }
  return y;
}

/** A multi-line text (the notes) flows onto further pages as long as it needs (pdfkit breaks the text itself); answers where it ends. */
function textBlock(doc: Doc, name: string, value: string, top: number): number {
  let y = top;
  if (y + 40 > PAGE.height - PAGE.margin) {
    doc.addPage();
    y = PAGE.margin;
  }
  label(doc, name, PAGE.margin, y);
  doc.fillColor(INK).font("Helvetica").fontSize(BODY).text(value, PAGE.margin, y + 14, { width: CONTENT_WIDTH });
  return doc.y;
}

/** Written last, on every page: the page count is only known once the content is laid out. */
function footers(doc: Doc, data: InvoicePdfData, text: (value: string) => string) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    if (data.draft) {
      doc.save().rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
      doc.fillColor("#9ca3af").fillOpacity(0.18).font("Helvetica-Bold").fontSize(96).text("DRAFT", 0, PAGE.height / 2 - 48, { width: PAGE.width, align: "center", lineBreak: false });
      doc.restore();
    }
    // The footer sits in the bottom margin: without lifting it, pdfkit would start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fillColor(MUTED).font("Helvetica").fontSize(7.5);
    doc.text(text(`${data.brandName} · Invoice ${data.invoiceNumber} · Page ${index - start + 1} of ${count}`), PAGE.margin, PAGE.height - PAGE.margin + 16, {
      width: CONTENT_WIDTH,
      align: "center",
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}
