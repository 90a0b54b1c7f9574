import type { CompanyRole, Role } from "./enums";

/**
 * Who may do what, in one place for the server and the web app (DESIGN section 5). Pure: the
 * server's services and routes ask it before they act, the web app to hide what would be refused.
 * It decides on role and company only; which rows a query may touch is the server's scope
 * builders' job (modules/scopes.ts), written from the same rule.
 */
export interface PolicyActor {
  role: Role;
  companyId: string | null;
  /** The caller's standing in their company (ADR 015); only `member` subjects look at it. */
  companyRole?: CompanyRole | null;
}

/**
 * `member`: a company's members and invitations (its Team section); `team`: the provider's admins;
 * `user`: every account, as the admin Users page manages them; `apiToken`: one's own API tokens
 * (ADR 030), which admins and company owners may hold.
 */
export type Subject = "company" | "project" | "ticket" | "comment" | "invoice" | "conversation" | "member" | "team" | "mail" | "user" | "audit" | "webhook" | "apiToken";

/**
 * - `read`: see records of the subject (with a record: that one).
 * - `readAll`: see every company's records at once (lists across companies, filters by company).
 * - `create`, `update`: write a record of the subject (with a record: of that company); for
 *   `member`, invite (create) and change or remove members and invitations (update).
 */
export type Action = "read" | "readAll" | "create" | "update";

/** A record, named by the company it belongs to: the only thing the rules look at. */
export interface OwnedRecord {
  type: Subject;
  companyId: string;
}

/** What only the provider's team may even read. */
const STAFF_ONLY: ReadonlySet<Subject> = new Set(["team", "mail", "user", "audit", "webhook"]);

/** What a customer may create: only inside their own company. */
const CUSTOMER_CREATES: ReadonlySet<Subject> = new Set(["ticket", "comment", "conversation"]);

export function can(actor: PolicyActor, action: Action, target: Subject | OwnedRecord): boolean {
  // The provider team runs the portal for every company.
  if (actor.role === "admin") return true;
  const subject = typeof target === "string" ? target : target.type;
  const ownCompany = typeof target === "string" ? actor.companyId !== null : target.companyId === actor.companyId;
  switch (action) {
    case "readAll":
      return false;
    case "read":
      // The team list and the outbox (everyone's reset links, until sent) are the provider's.
      return !STAFF_ONLY.has(subject) && (typeof target === "string" || ownCompany);
    case "create":
      // A customer creates their company once, through the profile form.
      if (subject === "company") return actor.companyId === null;
      // Inviting colleagues is the owners' (ADR 015), and so are API tokens for the company (ADR 030).
      if (subject === "member" || subject === "apiToken") return ownCompany && actor.companyRole === "owner";
      return CUSTOMER_CREATES.has(subject) && ownCompany;
    case "update":
      // Changing roles, removing members, resending and revoking invitations: owners too.
      if (subject === "member") return ownCompany && actor.companyRole === "owner";
      return subject === "company" && ownCompany;
  }
}
