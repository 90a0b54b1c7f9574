import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { pngBytes } from "@/server/test/files";
import { renderQuotePdf, type QuotePdfData } from "./render-quote-pdf";

/** Each page's text, whitespace collapsed: a wrapped line reads as one phrase again. */
async function pages(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, " "));
}

/** An 8×4 baseline JPEG (jpeg-js, quality 50). */
const jpegBytes = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAQACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOUhr0cB0MJH/9k=",
  "base64",
);

const hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

const data: QuotePdfData = {
  brandName: "Acme Portal",
  currency: "EUR",
  quoteNumber: "Q-0007",
  title: "Website redesign",
  issueDate: "2026-12-01",
  validUntil: "2027-01-31",
  draft: false,
  company: { name: "Alpha Corp", contactName: "Ada Lovelace", contactEmail: "ada@alpha.example", phone: null, address: null },
  lines: [
    { description: "Discovery workshop", quantity: "2.000", unitPrice: "500.00", taxRate: "20.00", total: "1000.00" },
    { description: "Design system", quantity: "1.5", unitPrice: "200.00", taxRate: null, total: "300.00" },
  ],
  subtotal: "1300.00",
  tax: "200.00",
  total: "1500.00",
  notes: "Starts within two weeks of acceptance.",
  terms: "Payable within 30 days of each invoice.",
  deposit: null,
};

const accepted = (signature: NonNullable<QuotePdfData["acceptance"]>["signature"]): QuotePdfData => ({
  ...data,
  acceptance: { signerName: "Ada Lovelace", acceptedAt: new Date("2026-12-03T14:05:09Z"), signature, documentSha256: hash },
});

const embedsImage = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1").includes("/Subtype /Image");

describe("renderQuotePdf", () => {
  it("prints the number, the facts, the title, every line, the totals, the notes and the terms", async () => {
    const [text, ...rest] = await pages(await renderQuotePdf(data));
    expect(rest).toEqual([]);
    for (const expected of [
      "Quote Q-0007",
      "PREPARED FOR Alpha Corp Ada Lovelace ada@alpha.example",
      "QUOTE NUMBER Q-0007",
      "DATE December 1, 2026",
      "VALID UNTIL January 31, 2027",
      "Website redesign Description Quantity Unit price Tax rate Amount",
      "Discovery workshop 2 €500.00 20% €1,000.00",
      "Design system 1.5 €200.00 – €300.00",
      "Subtotal €1,300.00 Tax €200.00 Total €1,500.00",
      "NOTES Starts within two weeks of acceptance.",
      "TERMS Payable within 30 days of each invoice.",
      "Acme Portal · Quote Q-0007 · Page 1 of 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("DRAFT");
    expect(text).not.toContain("STATUS");
  });

  it("marks a draft's preview on every page and in its facts", async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({ description: `Line ${index + 1}`, quantity: "1", unitPrice: "1.00", taxRate: null, total: "1.00" }));
    const text = await pages(await renderQuotePdf({ ...data, draft: true, lines: many }));
    expect(text.length).toBeGreaterThan(1);
    expect(text[0]).toContain("STATUS Draft");
    text.forEach((page, index) => {
      expect(page).toContain("DRAFT");
      expect(page).toContain(`Page ${index + 1} of ${text.length}`);
    });
  });

  it("prints the deposit that accepting invoices under the total", async () => {
    const [text] = await pages(await renderQuotePdf({ ...data, deposit: { label: "Deposit on acceptance (30%)", amount: "450.00" } }));
    expect(text).toContain("Total €1,500.00 Deposit on acceptance (30%) €450.00");
  });

  it("has no signature block before it is accepted", async () => {
    const bytes = await renderQuotePdf(data);
    const [text] = await pages(bytes);
    expect(text).not.toContain("Accepted");
    expect(text).not.toContain("Signed by");
    expect(text).not.toContain("SHA-256");
    expect(embedsImage(bytes)).toBe(false);
  });

  it.each([
    ["a 1×1 PNG", { type: "png" as const, bytes: new Uint8Array(pngBytes) }],
    ["a small JPEG", { type: "jpeg" as const, bytes: new Uint8Array(jpegBytes) }],
  ])("signs an accepted quote with %s: the signer, the time in UTC, the whole hash and the image", async (_, signature) => {
    const bytes = await renderQuotePdf(accepted(signature));
    const [text] = await pages(bytes);
    expect(text).toContain("Accepted");
    expect(text).toContain("Signed by Ada Lovelace");
    expect(text).toContain("Accepted on December 3, 2026, 14:05 UTC");
    expect(text).toContain(`Document SHA-256: ${hash}`);
    expect(embedsImage(bytes)).toBe(true);
  });

  it("keeps the signature block on one page, starting a new one when it does not fit", async () => {
    const pagesMoved: number[] = [];
    // One more line at a time, the block's place moves down the first page until it passes the end.
    for (let count = 14; count <= 24; count++) {
      const lines = Array.from({ length: count }, (_, index) => ({ description: `Line ${index + 1}`, quantity: "1", unitPrice: "1.00", taxRate: null, total: "1.00" }));
      const text = await pages(await renderQuotePdf({ ...accepted({ type: "png", bytes: new Uint8Array(pngBytes) }), lines }));
      const signed = text.findIndex((page) => page.includes("Signed by"));
      for (const part of ["Accepted on", hash]) expect(text[signed]).toContain(part);
      expect(text[signed]).toMatch(/Accepted Signed by/);
      if (signed > text.findIndex((page) => page.includes("TERMS"))) pagesMoved.push(count);
    }
    expect(pagesMoved.length).toBeGreaterThan(0);
  });
});
