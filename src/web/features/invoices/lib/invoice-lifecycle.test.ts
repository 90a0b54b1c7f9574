import { describe, expect, it } from "vitest";
import { invoiceStatuses } from "@/shared/enums";
import { hasPayments, invoiceActionsFor, isIssued, statusChoicesFor } from "./invoice-lifecycle";

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

describe("an invoice with payments (ADR 043)", () => {
  it("offers no status change by hand, no void and no re-issue: the server answers 409 while payments stand", () => {
    expect(invoiceActionsFor("partially_paid")).toEqual([]);
    for (const status of ["unpaid", "paid"] as const) expect(invoiceActionsFor(status, { paymentsStand: true })).toEqual([]);
  });

  it("counts payments as the server does: an amount paid above 0", () => {
    expect(hasPayments({ amountPaid: "0.00" })).toBe(false);
    expect(hasPayments({ amountPaid: "0" })).toBe(false);
    expect(hasPayments({ amountPaid: "0.01" })).toBe(true);
    expect(hasPayments({ amountPaid: "40.00" })).toBe(true);
  });
});

describe("statusChoicesFor", () => {
  it("offers only statuses a row stores, never partially paid, which follows from payments", () => {
    for (const status of [undefined, ...invoiceStatuses]) expect(statusChoicesFor(status)).not.toContain("partially_paid");
  });

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
