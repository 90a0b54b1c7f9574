import type { CompanyRole, Role } from "./enums";
import type { ApiTokenScope } from "./rules/api-token";

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
  /** A member an owner allowed to answer the company's quotes (ADR 049); only `quote` updates look at it. */
  answersQuotes?: boolean;
  /** A member an owner allowed to read the company's access log (ADR 050); only `accessLog` reads look at it. */
  readsAccessLog?: boolean;
  /** The API token the request came with (ADR 030); absent or null for a signed-in session. */
  apiToken?: { scope: ApiTokenScope } | null;
}

/**
 * `member`: a company's members and invitations (its Team section); `team`: the provider's admins;
 * `user`: every account, as the admin Users page manages them; `apiToken`: one's own API tokens
 * (ADR 030), which admins and company owners may hold; `session`: one's own signed-in devices;
 * `eventStream`: the live updates of a signed-in page; `setting`: the installation's settings;
 * `payment`: money received for an invoice (ADR 043), which its company's customers read and only
 * the provider's team records or removes by hand (a customer pays online through the checkout);
 * `internalNote`: a ticket comment the team keeps to itself, which no customer reads or writes;
 * `timeEntry`: time the team logged on a project (ADR 047), whose hours its company's customers
 * read and only the team logs, changes or bills; `recurringInvoice`: an invoice the team issues on a
 * schedule (ADR 048), the team's alone: customers see the invoices it issues, not the schedule;
 * `quote`: an offer the team sends a company (ADR 049), which its customers read once sent and
 * its owners answer, and the members an owner allows: accepting or declining is an `update` of the quote;
 * `accessLog`: what the provider's staff read and changed of a company's records (ADR 050), which its
 * owners read, and the members an owner allows.
 */
export type Subject =
  | "company"
  | "project"
  | "ticket"
  | "comment"
  | "internalNote"
  | "invoice"
  | "payment"
  | "timeEntry"
  | "recurringInvoice"
  | "quote"
  | "accessLog"
  | "conversation"
  | "member"
  | "team"
  | "mail"
  | "user"
  | "audit"
  | "webhook"
  | "apiToken"
  | "session"
  | "eventStream"
  | "setting";

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
const STAFF_ONLY: ReadonlySet<Subject> = new Set(["team", "mail", "user", "audit", "webhook", "setting", "internalNote", "recurringInvoice"]);

/**
 * The account-level surfaces: who has an account, who may sign in as whom, who belongs where, and
 * what leaves the installation. A session's alone (ADR 030, amended): an API token, even an
 * admin's read-write one, is refused on every one of them, reads included, so a leaked or
 * read-only token cannot become an account (a reset or invitation link read from the outbox, an
 * admin invited or promoted, a member added, a token minted, a webhook pointed elsewhere).
 */
const ACCOUNT_LEVEL: ReadonlySet<Subject> = new Set(["apiToken", "session", "eventStream", "mail", "user", "team", "member", "webhook", "setting"]);

/** Whether an API token reaches a subject at all (its maker's rights and its scope decide the rest). */
export const tokensReach = (subject: Subject) => !ACCOUNT_LEVEL.has(subject);

/** Why a token's request is refused: the surface is a session's alone, or the token may only read. */
export type TokenRefusal = "sessionOnly" | "readOnly";

/**
 * Whether an API token may do `action` on `subject` (a record route names no subject), before its
 * maker's rights are asked: null when they decide, else why not. A `read` token reads only.
 */
export function tokenRefusal(token: { scope: ApiTokenScope }, action: Action, subject?: Subject): TokenRefusal | null {
  if (subject !== undefined && !tokensReach(subject)) return "sessionOnly";
  if (token.scope === "read" && action !== "read" && action !== "readAll") return "readOnly";
  return null;
}

/** What a customer may create: only inside their own company. */
const CUSTOMER_CREATES: ReadonlySet<Subject> = new Set(["ticket", "comment", "conversation"]);

export function can(actor: PolicyActor, action: Action, target: Subject | OwnedRecord): boolean {
  const subject = typeof target === "string" ? target : target.type;
  // A token first: it never has more than its scope and surfaces allow, whoever made it.
  if (actor.apiToken && tokenRefusal(actor.apiToken, action, subject) !== null) return false;
  // The provider team runs the portal for every company.
  if (actor.role === "admin") return true;
  const ownCompany = typeof target === "string" ? actor.companyId !== null : target.companyId === actor.companyId;
  switch (action) {
    case "readAll":
      return false;
    case "read":
      if (subject === "accessLog") return typeof target !== "string" && ownCompany && (actor.companyRole === "owner" || actor.readsAccessLog === true);
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
      // Answering a quote (accept or decline, ADR 049): its company's owners, and members an owner allowed.
      if (subject === "quote") return ownCompany && (actor.companyRole === "owner" || actor.answersQuotes === true);
      return subject === "company" && ownCompany;
  }
}
