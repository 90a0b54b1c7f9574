import { describe, expect, it } from "vitest";
import { invoiceStatuses } from "@/shared/enums";
import { invoiceActionsFor, isIssued, statusChoicesFor } from "./invoice-lifecycle";

describe("invoiceActionsFor", () => {
  it("offers a draft issuing and deleting, and nothing that needs an issued invoice", () => {
    expect(invoiceActionsFor("draft")).toEqual(["issue", "delete"]);
  });

  it("re-issues only unpaid and void invoices (the server answers 409 for the others)", () => {
    const reissuable = invoiceStatuses.filter((status) => invoiceActionsFor(status).includes("reissue"));
    expect(reissuable).toEqual(["unpaid", "void"]);
  });

  it("deletes only drafts", () => {
    expect(invoiceStatuses.filter((status) => invoiceActionsFor(status).includes("delete"))).toEqual(["draft"]);
  });

  it("voids any issued invoice that is not void yet", () => {
    expect(invoiceStatuses.filter((status) => invoiceActionsFor(status).includes("void"))).toEqual(["unpaid", "paid"]);
  });

  it("never offers to mark an invoice with the status it already has", () => {
    expect(invoiceActionsFor("paid")).not.toContain("markPaid");
    expect(invoiceActionsFor("unpaid")).not.toContain("markUnpaid");
  });
});

describe("statusChoicesFor", () => {
  it("lets a new invoice start as a draft, unpaid or paid, never void", () => {
    expect(statusChoicesFor(undefined)).toEqual(["draft", "unpaid", "paid"]);
  });

  it("never takes an issued invoice back to draft", () => {
    for (const status of ["unpaid", "paid", "void"] as const) {
      expect(isIssued(status)).toBe(true);
      expect(statusChoicesFor(status)).not.toContain("draft");
      expect(statusChoicesFor(status)).toContain(status);
    }
  });

  it("keeps a draft's own status among its choices", () => {
    expect(isIssued("draft")).toBe(false);
    expect(statusChoicesFor("draft")).toContain("draft");
  });
});
