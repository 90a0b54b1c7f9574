import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { renderInvoicePdf, type InvoicePdfData } from "./render-invoice-pdf";
import { winAnsiText } from "./win-ansi";

async function pages(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, " "));
}

const data: InvoicePdfData = {
  brandName: "Acme Portal",
  currency: "EUR",
  invoiceNumber: "INV-0042",
  issueDate: "2026-03-01",
  dueDate: null,
  statusLabel: "Paid",
  draft: false,
  company: { name: "Alpha Corp", contactName: null, contactEmail: null, phone: null, address: null },
  lines: [{ description: "Services", quantity: "1.000", unitPrice: "9999999999.99", taxRate: null, total: "9999999999.99" }],
  subtotal: "9999999999.99",
  tax: "0.00",
  total: "9999999999.99",
  notes: null,
};

describe("renderInvoicePdf", () => {
  it("formats amounts exactly in the installation's currency, and an invoice without a due date", async () => {
    const [text] = await pages(await renderInvoicePdf(data));
    expect(text).toContain("Acme Portal");
    // Beyond a double's exact integers, so only a decimal string prints these cents.
    expect(text).toContain("€9,999,999,999.99");
    expect(text).toContain("On receipt");
    expect(text).toContain("Services 1 ");
    expect(text).not.toContain("DRAFT");
  });

  it("continues the table on further pages with its header, and numbers every page", async () => {
    const many = Array.from({ length: 120 }, (_, index) => ({ description: `Line ${index + 1}`, quantity: "1", unitPrice: "1.00", taxRate: "7.50", total: "1.00" }));
    const text = await pages(await renderInvoicePdf({ ...data, lines: many, notes: "Thanks. ".repeat(600), draft: true }));
    expect(text.length).toBeGreaterThan(2);
    text.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${text.length}`));
    expect(text[1]).toContain("Description Quantity Unit price Tax rate Amount");
    expect(text.join(" ")).toContain("Line 120 1 €1.00 7.5% €1.00");
    expect(text.every((page) => page.includes("DRAFT"))).toBe(true);
  });
});

describe("winAnsiText", () => {
  it("keeps what Windows-1252 encodes and replaces the rest", () => {
    expect(winAnsiText("Zürich 東京 — Ltd")).toBe("Zürich ?? — Ltd");
    expect(winAnsiText("Łódź Őrs € “x”")).toBe("?ódz Ors € “x”");
    expect(winAnsiText("Zu\u0308rich\r\nline\ttab 😀")).toBe("Zürich\nline tab ?");
  });
});
