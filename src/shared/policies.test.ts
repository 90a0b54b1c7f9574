import { describe, expect, it } from "vitest";
import { can } from "./policies";

const admin = { role: "admin" as const, companyId: null };
const customer = { role: "customer" as const, companyId: "company-a" };
const newcomer = { role: "customer" as const, companyId: null };

describe("can", () => {
  it("lets an admin do everything, across companies", () => {
    expect(can(admin, "readAll", "ticket")).toBe(true);
    expect(can(admin, "update", { type: "invoice", companyId: "company-b" })).toBe(true);
    expect(can(admin, "read", "team")).toBe(true);
  });

  it("lets a customer read and write inside their own company only", () => {
    expect(can(customer, "read", { type: "ticket", companyId: "company-a" })).toBe(true);
    expect(can(customer, "read", { type: "ticket", companyId: "company-b" })).toBe(false);
    expect(can(customer, "create", { type: "conversation", companyId: "company-a" })).toBe(true);
    expect(can(customer, "create", { type: "conversation", companyId: "company-b" })).toBe(false);
    expect(can(customer, "update", { type: "company", companyId: "company-a" })).toBe(true);
  });

  it("keeps admin-only actions from a customer", () => {
    expect(can(customer, "readAll", "company")).toBe(false);
    for (const subject of ["project", "invoice"] as const) expect(can(customer, "create", subject)).toBe(false);
    for (const subject of ["ticket", "project", "invoice"] as const) expect(can(customer, "update", subject)).toBe(false);
    expect(can(customer, "read", "team")).toBe(false);
    expect(can(customer, "read", "mail")).toBe(false);
    expect(can(admin, "read", "mail")).toBe(true);
  });

  it("lets a customer without a company create their company and nothing inside one", () => {
    expect(can(newcomer, "create", "company")).toBe(true);
    expect(can(customer, "create", "company")).toBe(false);
    expect(can(newcomer, "create", "ticket")).toBe(false);
  });
});
