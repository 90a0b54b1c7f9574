import {
  BODY,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  dateText,
  INK,
  lineTable,
  moneyText,
  MUTED,
  openDocument,
  PAGE,
  partyBlock,
  RULE,
  textBlock,
  totals,
  type Doc,
  type DocumentData,
  type TotalRow,
} from "@/server/modules/invoices/pdf/document-layout";
import { winAnsiText } from "@/server/modules/invoices/pdf/win-ansi";

/** Everything printed on a quote's PDF, already read and allowed. */
export interface QuotePdfData extends DocumentData {
  /** "Q-0001". */
  quoteNumber: string;
  /** "Website redesign". */
  title: string;
  /** YYYY-MM-DD, the day it was sent (today for a draft preview). */
  issueDate: string;
  /** YYYY-MM-DD. */
  validUntil: string;
  notes: string | null;
  terms: string | null;
  /** What accepting it invoices at once, printed under the totals: e.g. { label: "Deposit on acceptance (30%)", amount: "390.00" }; null when nothing or the whole quote. */
  deposit: { label: string; amount: string } | null;
  /** Present once accepted: the signature block. */
  acceptance?: QuoteAcceptance;
}

/** Who accepted the quote, when, with what signature, and the hash of the document they accepted. */
export interface QuoteAcceptance {
  signerName: string;
  acceptedAt: Date;
  signature: { type: "png" | "jpeg"; bytes: Uint8Array };
  /** 64 hex characters. */
  documentSha256: string;
}

/** The box the signature image is fitted into, its aspect ratio kept. */
const SIGNATURE_BOX: [number, number] = [200, 70];
/** The signature block's steps down the page, so that its height is known before it is drawn. */
const SIGNATURE_STEPS = { heading: 22, rule: 4, line: 4, date: 18, hash: 10 } as const;

/**
 * The quote as a PDF, from its data alone, on the invoice's layout (document-layout.ts): the
 * header, "Prepared for" with the quote's facts, its title, the lines, the totals and deposit, the
 * notes and terms, and once accepted the signature block. pdfkit is loaded on first use (ADR 007).
 */
export async function renderQuotePdf(data: QuotePdfData): Promise<Uint8Array<ArrayBuffer>> {
  const amount = moneyText(data.currency);
  const opened = await openDocument({ brandName: data.brandName, kind: "Quote", number: data.quoteNumber });
  const { doc } = opened;
  let y = partyBlock(doc, { heading: "Prepared for", party: data.company, facts: quoteFacts(data) }, opened.y + 28);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(12).text(winAnsiText(data.title), PAGE.margin, y + 24, { width: CONTENT_WIDTH });
  y = lineTable(doc, data.lines, amount, doc.y + 10);
  y = totals(doc, quoteTotals(data, amount), y + 10);
  if (data.notes) y = textBlock(doc, "Notes", data.notes, y + 24);
  if (data.terms) y = textBlock(doc, "Terms", data.terms, y + 24);
  if (data.acceptance) signatureBlock(doc, data.acceptance, y + 28);
  return opened.finish(data.draft);
}

function quoteFacts(data: QuotePdfData): [string, string][] {
  return [
    ["Quote number", data.quoteNumber],
    ["Date", dateText(data.issueDate)],
    ["Valid until", dateText(data.validUntil)],
    ...(data.draft ? [["Status", "Draft"] as [string, string]] : []),
  ];
}

function quoteTotals(data: QuotePdfData, amount: (value: string) => string): TotalRow[] {
  return [
    { label: "Subtotal", value: amount(data.subtotal) },
    { label: "Tax", value: amount(data.tax) },
    { label: "Total", value: amount(data.total), strong: true },
    // In the totals' rows, so that it never lands on a page apart from the total it is a part of.
    ...(data.deposit ? [{ label: data.deposit.label, value: amount(data.deposit.amount) }] : []),
  ];
}

/** "December 3, 2026, 14:05 UTC": the instant in UTC, so the same on every reader's copy. */
function acceptedAtText(at: Date): string {
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(at);
  const time = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" }).format(at);
  return `${day}, ${time} UTC`;
}

/** The acceptance, kept on one page: a signature split from its signer's name would prove nothing. */
function signatureBlock(doc: Doc, acceptance: QuoteAcceptance, top: number) {
  const signedBy = winAnsiText(`Signed by ${acceptance.signerName}`);
  const acceptedOn = `Accepted on ${acceptedAtText(acceptance.acceptedAt)}`;
  const hashLabel = "Document SHA-256: ";
  doc.font("Helvetica").fontSize(BODY);
  const signedByHeight = doc.heightOfString(signedBy, { width: CONTENT_WIDTH });
  const step = SIGNATURE_STEPS;
  const height = step.heading + SIGNATURE_BOX[1] + 2 * step.rule + signedByHeight + step.line + step.date + step.hash;

  let y = top;
  if (y + height > CONTENT_BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(12).text("Accepted", PAGE.margin, y, { lineBreak: false });
  y += step.heading;
  doc.image(Buffer.from(acceptance.signature.bytes), PAGE.margin, y, { fit: SIGNATURE_BOX });
  y += SIGNATURE_BOX[1] + step.rule;
  doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + SIGNATURE_BOX[0], y).lineWidth(0.5).strokeColor(RULE).stroke();
  y += step.rule;
  doc.fillColor(INK).font("Helvetica").fontSize(BODY).text(signedBy, PAGE.margin, y, { width: CONTENT_WIDTH });
  y = doc.y + step.line;
  doc.fillColor(MUTED).text(acceptedOn, PAGE.margin, y, { width: CONTENT_WIDTH, lineBreak: false });
  y += step.date;
  // Courier, whole on one line: a reader compares it by eye with the hash of the copy they hold.
  doc.fillColor(MUTED).font("Helvetica").fontSize(8).text(hashLabel, PAGE.margin, y, { lineBreak: false });
  const hashX = PAGE.margin + doc.widthOfString(hashLabel);
  doc.fillColor(INK).font("Courier").fontSize(8).text(winAnsiText(acceptance.documentSha256), hashX, y, { lineBreak: false });
}
