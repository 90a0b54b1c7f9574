import { describe, expect, it } from "vitest";
import { can, tokenRefusal, tokensReach, type Subject } from "./policies";

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

  it("keeps a ticket's internal notes to the team: no customer reads or writes one, not even in their own company", () => {
    const ownNote = { type: "internalNote" as const, companyId: "company-a" };
    for (const action of ["read", "create"] as const) {
      expect(can(customer, action, ownNote)).toBe(false);
      expect(can({ ...customer, companyRole: "owner" as const }, action, ownNote)).toBe(false);
      expect(can(admin, action, ownNote)).toBe(true);
    }
    // An admin's read-only token reads them and writes none.
    const readToken = { ...admin, apiToken: { scope: "read" as const } };
    expect(can(readToken, "read", ownNote)).toBe(true);
    expect(can(readToken, "create", ownNote)).toBe(false);
  });

  it("lets a company's owners answer its quotes, and the members an owner allowed, in that company only", () => {
    const own = { type: "quote" as const, companyId: "company-a" };
    const other = { type: "quote" as const, companyId: "company-b" };
    const owner = { ...customer, companyRole: "owner" as const };
    const allowed = { ...customer, companyRole: "member" as const, answersQuotes: true };
    expect(can(owner, "update", own)).toBe(true);
    expect(can(allowed, "update", own)).toBe(true);
    expect(can({ ...customer, companyRole: "member" as const }, "update", own)).toBe(false);
    for (const answerer of [owner, allowed]) expect(can(answerer, "update", other)).toBe(false);
    // The grant is for quotes alone: an allowed member manages no team and edits no other record.
    expect(can(allowed, "update", { type: "member", companyId: "company-a" })).toBe(false);
    expect(can(allowed, "update", { type: "invoice", companyId: "company-a" })).toBe(false);
    // A read-only token of an owner answers nothing.
    expect(can({ ...owner, apiToken: { scope: "read" as const } }, "update", own)).toBe(false);
  });

  it("lets a customer without a company create their company and nothing inside one", () => {
    expect(can(newcomer, "create", "company")).toBe(true);
    expect(can(customer, "create", "company")).toBe(false);
    expect(can(newcomer, "create", "ticket")).toBe(false);
  });

  it("lets a customer without a company read a subject in general (their lists, empty), but no record", () => {
    // Their lists answer empty rather than 403: the scope builders find no rows for them.
    for (const subject of ["ticket", "project", "invoice", "conversation"] as const) expect(can(newcomer, "read", subject)).toBe(true);
    expect(can(newcomer, "read", { type: "ticket", companyId: "company-a" })).toBe(false);
  });

  it("lets a customer comment and open tickets in their own company, nowhere else", () => {
    for (const type of ["ticket", "comment"] as const) {
      expect(can(customer, "create", { type, companyId: "company-a" })).toBe(true);
      expect(can(customer, "create", { type, companyId: "company-b" })).toBe(false);
    }
  });

  it("lets a company's owners manage its team, its members only see it (ADR 015)", () => {
    const owner = { ...customer, companyRole: "owner" as const };
    const member = { ...customer, companyRole: "member" as const };
    const team = { type: "member" as const, companyId: "company-a" };
    const otherTeam = { type: "member" as const, companyId: "company-b" };
    for (const actor of [owner, member]) expect(can(actor, "read", team)).toBe(true);
    for (const action of ["create", "update"] as const) {
      expect(can(owner, action, team)).toBe(true);
      expect(can(member, action, team)).toBe(false);
      expect(can(owner, action, otherTeam)).toBe(false);
      expect(can(admin, action, otherTeam)).toBe(true);
    }
    expect(can(owner, "read", otherTeam)).toBe(false);
  });

  it("lets admins and company owners make API tokens, no plain member or newcomer (ADR 030)", () => {
    expect(can(admin, "create", "apiToken")).toBe(true);
    expect(can({ ...customer, companyRole: "owner" }, "create", "apiToken")).toBe(true);
    expect(can({ ...customer, companyRole: "member" }, "create", "apiToken")).toBe(false);
    expect(can(customer, "create", "apiToken")).toBe(false);
    expect(can({ ...newcomer, companyRole: "owner" }, "create", "apiToken")).toBe(false);
  });

  it("refuses every API token, an admin's read-write one included, every action on the account-level surfaces (ADR 030, amended)", () => {
    const accountLevel: Subject[] = ["apiToken", "session", "eventStream", "mail", "user", "team", "member", "webhook", "setting"];
    const owner = { ...customer, companyRole: "owner" as const };
    for (const maker of [admin, owner]) {
      for (const scope of ["read", "read-write"] as const) {
        for (const subject of accountLevel) {
          for (const action of ["read", "readAll", "create", "update"] as const) {
            expect(can({ ...maker, apiToken: { scope } }, action, subject), `${maker.role} ${scope} ${action} ${subject}`).toBe(false);
            expect(tokenRefusal({ scope }, action, subject)).toBe("sessionOnly");
          }
          expect(tokensReach(subject)).toBe(false);
        }
      }
    }
    // The same people with a session keep their rights there.
    expect(can(admin, "read", "mail")).toBe(true);
    expect(can(owner, "create", { type: "member", companyId: "company-a" })).toBe(true);
  });

  it("gives a token its maker's rights on records, and a read token no write", () => {
    const owner = { ...customer, companyRole: "owner" as const };
    const readWrite = { ...owner, apiToken: { scope: "read-write" as const } };
    const readOnly = { ...owner, apiToken: { scope: "read" as const } };
    const ownTicket = { type: "ticket" as const, companyId: "company-a" };
    expect(can(readWrite, "create", ownTicket)).toBe(true);
    expect(can(readWrite, "create", { type: "ticket", companyId: "company-b" })).toBe(false);
    expect(can(readOnly, "read", ownTicket)).toBe(true);
    expect(can(readOnly, "create", ownTicket)).toBe(false);
    expect(can({ ...admin, apiToken: { scope: "read" } }, "update", "invoice")).toBe(false);
    expect(can({ ...admin, apiToken: { scope: "read" } }, "readAll", "invoice")).toBe(true);
    expect(tokenRefusal({ scope: "read" }, "create")).toBe("readOnly");
    expect(tokenRefusal({ scope: "read-write" }, "update")).toBeNull();
    expect(tokensReach("ticket")).toBe(true);
  });
});
