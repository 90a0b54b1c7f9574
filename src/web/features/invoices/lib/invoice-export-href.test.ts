import { describe, expect, it } from "vitest";
import { invoiceExportHref } from "./invoice-export-href";

describe("invoiceExportHref", () => {
  it("exports everything when the list is not filtered", () => {
    expect(invoiceExportHref({})).toBe("/api/invoices/export");
    expect(invoiceExportHref({ sort: "desc", q: "  " })).toBe("/api/invoices/export");
  });

  it("carries the list's filters and order, encoded", () => {
    const href = invoiceExportHref({ status: "unpaid", companyId: "0b6a8a52-7a4b-4c4e-9a53-0d8f7e5b9c11", q: "INV 1&2", sort: "asc" });
    const url = new URL(href, "http://portico.test");
    expect(url.pathname).toBe("/api/invoices/export");
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: "unpaid", companyId: "0b6a8a52-7a4b-4c4e-9a53-0d8f7e5b9c11", q: "INV 1&2", sort: "asc" });
  });
});
