import { winAnsiText } from "./win-ansi";

/**
 * The layout of Portico's priced documents (the invoice, the quote): one page and type, a header
 * with the document's kind and number, the party it is for beside its facts, the line table, the
 * totals, text blocks and numbered footers. Every text from data goes through winAnsiText here, so
 * a renderer hands over its words as they are; amounts are Intl's output and printed as is.
 */

/** The page and type of Portico's PDFs; the receipt (modules/payments/receipt-pdf.ts) prints on the same. */
export const PAGE = { size: "A4", width: 595.28, height: 841.89, margin: 50 } as const;
export const RIGHT = PAGE.width - PAGE.margin;
export const CONTENT_WIDTH = RIGHT - PAGE.margin;
export const INK = "#1f2937";
export const MUTED = "#6b7280";
export const RULE = "#d1d5db";
export const BODY = 9.5;
/** Where content stops so that it never runs into the footer. */
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 20;
const COLUMNS = [
  { label: "Description", x: PAGE.margin, width: 215, align: "left" },
  { label: "Quantity", x: 270, width: 50, align: "right" },
  { label: "Unit price", x: 325, width: 80, align: "right" },
  { label: "Tax rate", x: 410, width: 45, align: "right" },
  { label: "Amount", x: 460, width: RIGHT - 460, align: "right" },
] as const;
const CELL_PADDING = 5;

export type Doc = PDFKit.PDFDocument;

/** Who a document is for, as the company's record has it. */
export interface DocumentParty {
  name: string;
  contactName: string | null;
  contactEmail: string | null;
  phone: string | null;
  address: string | null;
}

/** Decimal strings as stored (numeric): "1.500", "1250.00", "20.00". */
export interface DocumentLine {
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string | null;
  total: string;
}

/** What every document prints around its own facts: who issues it, to whom, the lines and their sums. */
export interface DocumentData {
  brandName: string;
  /** ISO 4217 (CURRENCY). */
  currency: string;
  /** A draft's preview says so across every page: it is not the document yet. */
  draft: boolean;
  company: DocumentParty;
  lines: DocumentLine[];
  /** Decimal strings. */
  subtotal: string;
  tax: string;
  total: string;
}

/** One row under the table; the strong one (the total) gets a rule above it and a larger type. */
export interface TotalRow {
  label: string;
  value: string;
  strong?: boolean;
}

/** "2026-03-01" → "March 1, 2026": a calendar date, so read as UTC and never shifted. */
export const dateText = (date: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/** "1.500" → "1.5", "2.000" → "2": the column is numeric(12,3), the zeros say nothing. */
const quantityText = (quantity: string) => quantity.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

/** A formatter of decimal strings in `currency`: Intl formats the string itself, exactly, so no float ever holds an amount (ADR 024). */
export function moneyText(currency: string): (value: string) => string {
  const money = new Intl.NumberFormat("en-US", { style: "currency", currency });
  return (value) => money.format(value as Intl.StringNumericLiteral);
}

/** The PDF's bytes once `doc.end()` has been called. */
/**
 * A new document of `kind` ("Invoice", "Quote") and `number`, its header drawn (`y` is below it),
 * and `finish`, which puts each page's footer (and a draft's mark) on and answers the bytes.
 * pdfkit is loaded on first use, so the server's start-up does not pay for it (ADR 007, ADR 025).
 */
export async function openDocument(head: { brandName: string; kind: string; number: string }): Promise<{ doc: Doc; y: number; finish: (draft: boolean) => Promise<Uint8Array<ArrayBuffer>> }> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: winAnsiText(`${head.kind} ${head.number}`), Author: winAnsiText(head.brandName) },
  });
  const done = collect(doc);
  const finish = (draft: boolean) => {
    footers(doc, { draft, pageFooter: (page, pages) => `${head.brandName} · ${head.kind} ${head.number} · Page ${page} of ${pages}` });
    doc.end();
    return done;
  };
  return { doc, y: documentHeader(doc, head), finish };
}

export function collect(doc: Doc): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
}

/** A small muted caption in capitals, such as a fact's name or a block's heading. */
export function label(doc: Doc, value: string, x: number, y: number) {
  doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(7.5).text(value.toUpperCase(), x, y, { characterSpacing: 0.6, lineBreak: false });
}

/** The brand on the left, the document's kind ("Invoice") and number on the right, a rule below; answers where the rule is. */
export function documentHeader(doc: Doc, { brandName, kind, number }: { brandName: string; kind: string; number: string }): number {
  const top = PAGE.margin;
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text(winAnsiText(brandName), PAGE.margin, top, { width: CONTENT_WIDTH / 2, lineBreak: false, ellipsis: true });
  doc.fontSize(20).text(winAnsiText(kind), PAGE.margin + CONTENT_WIDTH / 2, top, { width: CONTENT_WIDTH / 2, align: "right" });
  doc.fillColor(MUTED).font("Helvetica").fontSize(11).text(winAnsiText(number), PAGE.margin + CONTENT_WIDTH / 2, top + 26, { width: CONTENT_WIDTH / 2, align: "right" });
  const below = top + 48;
  doc.moveTo(PAGE.margin, below).lineTo(RIGHT, below).lineWidth(1).strokeColor(RULE).stroke();
  return below;
}

/** The party under its heading ("Bill to") on the left, the document's facts (name, value) on the right; answers where the taller side ends. */
export function partyBlock(doc: Doc, { heading, party, facts }: { heading: string; party: DocumentParty; facts: [string, string][] }, top: number): number {
  const width = 260;
  label(doc, winAnsiText(heading), PAGE.margin, top);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(11).text(winAnsiText(party.name), PAGE.margin, top + 14, { width });
  doc.font("Helvetica").fontSize(BODY);
  const details = [party.contactName, party.contactEmail, party.phone, party.address].filter((value): value is string => Boolean(value?.trim()));
  for (const detail of details) doc.text(winAnsiText(detail.trim()), PAGE.margin, doc.y + 2, { width });
  const left = doc.y;

  let y = top;
  for (const [name, value] of facts) {
    label(doc, winAnsiText(name), 340, y + 1);
    doc.fillColor(INK).font("Helvetica").fontSize(BODY).text(winAnsiText(value), 430, y, { width: RIGHT - 430, align: "right" });
    y = Math.max(doc.y, y + 12) + 4;
  }
  return Math.max(left, y);
}

function tableHeader(doc: Doc, top: number): number {
  doc.rect(PAGE.margin, top, CONTENT_WIDTH, 20).fill("#f3f4f6");
  doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(8);
  for (const column of COLUMNS) doc.text(column.label, column.x + (column.align === "left" ? CELL_PADDING : 0), top + 6, { width: column.width - CELL_PADDING, align: column.align, lineBreak: false });
  return top + 20;
}

/** One row per line; a long description wraps in its column, and a row never splits across pages (the header repeats on each). */
export function lineTable(doc: Doc, lines: DocumentLine[], amount: (value: string) => string, top: number): number {
  let y = tableHeader(doc, top);
  const description = COLUMNS[0];
  for (const line of lines) {
    const cells = [
      winAnsiText(line.description),
      quantityText(line.quantity),
      amount(line.unitPrice),
      line.taxRate === null ? "–" : `${quantityText(line.taxRate)}%`,
      amount(line.total),
    ];
    doc.font("Helvetica").fontSize(BODY);
    const height = doc.heightOfString(cells[0]!, { width: description.width - CELL_PADDING }) + 2 * CELL_PADDING + 2;
    if (y + height > CONTENT_BOTTOM) {
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

/** The sums on the right, all on one page (a new one when they do not fit); answers where they end. */
export function totals(doc: Doc, rows: TotalRow[], top: number): number {
  let y = top;
  if (y + 25 + rows.length * 15 > CONTENT_BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  const x = 340;
  for (const { label: name, value, strong = false } of rows) {
    if (strong) {
      doc.moveTo(x, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(INK).stroke();
      y += 6;
    }
    doc.fillColor(strong ? INK : MUTED).font(strong ? "Helvetica-Bold" : "Helvetica").fontSize(strong ? 12 : BODY);
    doc.text(winAnsiText(name), x, y, { width: 100, lineBreak: false });
    doc.fillColor(INK).text(value, x + 100, y, { width: RIGHT - x - 100, align: "right", lineBreak: false });
    y += strong ? 18 : 15;
  }
  return y;
}

/** A multi-line text (the notes) flows onto further pages as long as it needs (pdfkit breaks the text itself); answers where it ends. */
export function textBlock(doc: Doc, name: string, value: string, top: number): number {
  let y = top;
  if (y + 40 > PAGE.height - PAGE.margin) {
    doc.addPage();
    y = PAGE.margin;
  }
  label(doc, winAnsiText(name), PAGE.margin, y);
  doc.fillColor(INK).font("Helvetica").fontSize(BODY).text(winAnsiText(value), PAGE.margin, y + 14, { width: CONTENT_WIDTH });
  return doc.y;
}

/**
 * Written last, on every page, since the page count is only known once the content is laid out:
 * the footer line `pageFooter(page, pages)` gives, and a draft's "DRAFT" across the page.
 * The document must be made with `bufferPages: true`.
 */
export function footers(doc: Doc, { draft, pageFooter }: { draft: boolean; pageFooter: (page: number, pages: number) => string }) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    if (draft) {
      doc.save().rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
      doc.fillColor("#9ca3af").fillOpacity(0.18).font("Helvetica-Bold").fontSize(96).text("DRAFT", 0, PAGE.height / 2 - 48, { width: PAGE.width, align: "center", lineBreak: false });
      doc.restore();
    }
    // The footer sits in the bottom margin: without lifting it, pdfkit would start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fillColor(MUTED).font("Helvetica").fontSize(7.5);
    doc.text(winAnsiText(pageFooter(index - start + 1, count)), PAGE.margin, PAGE.height - PAGE.margin + 16, {
      width: CONTENT_WIDTH,
      align: "center",
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}
