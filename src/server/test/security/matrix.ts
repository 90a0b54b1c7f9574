import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "@/shared/schemas/pagination";
import { UPLOAD_FIELD } from "@/shared/rules/file";
import { companies, companySsoProviders, companyUsers, invitations, invoices, payments, profiles, quotes, recurringInvoices, sessions, tickets, timeEntries, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { newWebhookSecret, sealWebhookSecret } from "@/server/modules/webhooks/webhook-secrets";
import { unsubscribeToken } from "@/server/modules/notifications/unsubscribe-token";
import { send, type Sent } from "./http";
import { betterAuthEndpoints } from "./routes";
import { actorNames, counts, isTokenActor, tokenActorNames, tokenMakers, uploadAs, worldOutboxMails, type ActorName, type CellActor, type TokenActorName, type World } from "./world";

/**
 * The permission matrix: every registered route × every actor × the objects the route can be
 * pointed at. "own" is company A's record, "foreign" company B's, "missing" an id nobody has; so
 * for B's member "foreign" is their own. Each cell is the status the actor must get and, for
 * lists, how many rows (the page's `total` must say the same).
 */

/**
 * A status, a 200 list with exactly this many rows (an array, a page whose total says so too, or
 * a keyset page with no next one), 200 counts (an object of numbers) adding up
 * to this many, or a 200 CSV with a header and this many rows.
 */
export type Expect = number | { status: 200; rows: number } | { status: 200; counted: number } | { status: 200; csvRows: number };
export const rows = (n: number): Expect => ({ status: 200, rows: n });
export const counted = (n: number): Expect => ({ status: 200, counted: n });
export const csvRows = (n: number): Expect => ({ status: 200, csvRows: n });

export interface Request {
  path: string;
  json?: unknown;
  /** A file to upload (multipart/form-data) instead of a JSON body. */
  upload?: UploadFile;
  /** Replaces the actor's session cookie (e.g. a throwaway session for sign-out). */
  cookie?: string;
}

type Build = (world: World, actor: ActorName) => Request | Promise<Request>;

export interface UploadFile {
  name: string;
  type: string;
  content: string;
}

/** What an upload cell sends: a small file of every type its route takes. */
const matrixText: UploadFile = { name: "matrix.txt", type: "text/plain", content: "Matrix file" };
const matrixPdf: UploadFile = { name: "matrix.pdf", type: "application/pdf", content: "%PDF-1.4\nMatrix\n%%EOF\n" };

/** The request's upload as a form, as the web app sends it. */
export function uploadForm(file: UploadFile): FormData {
  const form = new FormData();
  form.append(UPLOAD_FIELD, new Blob([file.content], { type: file.type }), file.name);
  return form;
}

export interface MatrixRow {
  objects: Record<string, Build>;
  /** One expectation per object, in the order of `objects`, for every actor. */
  expect: Record<ActorName, Expect[]> | ((actor: ActorName, object: string) => Expect);
  /** Runs after every other row (it changes who an actor is, e.g. gives the loner a company). */
  last?: boolean;
  /**
   * What each API token gets, stated by the row: the account-level routes (`accountLevelRoutes`)
   * refuse every token. Without it, a token's cells are derived from its maker's (`tokenCellsOf`).
   */
  tokens?: (actor: TokenActorName, object: string) => Expect;
}

/** Handlers that only wrap others (their behaviour is in the cells of the routes they wrap). */
export const middlewareOnly: Record<string, string> = {
  "ALL /*": "request id, log line and metrics, then security headers, on every response; see headers.test.ts and observability/request-log.test.ts",
  "ALL /api/auth/sign-out": "ends the session's event streams; covered by the POST /api/auth/* sign-out cells",
  // The posting limit (http/write-rate-limit.ts) runs before these routes' own handlers, whose
  // cells cover every actor; the limit itself: stored-input-bounds.test.ts.
  "ALL /api/messages": "customers' posting limit; covered by the POST /api/messages cells",
  "ALL /api/tickets": "customers' posting limit; covered by the POST /api/tickets cells",
  "ALL /api/tickets/:id/comments": "customers' posting limit; covered by the POST /api/tickets/:id/comments cells",
  "ALL /api/projects/:id/comments": "customers' posting limit; covered by the POST /api/projects/:id/comments cells",
  "ALL /api/tickets/:id/files": "customers' posting limit; covered by the POST /api/tickets/:id/files cells",
  "ALL /api/tickets/:id/comments/:commentId/files": "customers' posting limit; covered by the POST /api/tickets/:id/comments/:commentId/files cells",
  "ALL /api/projects/:id/comments/:commentId/files": "customers' posting limit; covered by the POST /api/projects/:id/comments/:commentId/files cells",
  "ALL /api/messages/:id/files": "customers' posting limit; covered by the POST /api/messages/:id/files cells",
  "ALL /api/inbound/mail": "the inbound webhook's bearer token and size limit (ADR 044); covered by the POST /api/inbound/mail cells and inbound/receive-mail.test.ts",
};

const missingId = "00000000-0000-4000-8000-000000000000";
const same = (expect: Expect, objects = 1): Record<ActorName, Expect[]> =>
  Object.fromEntries(actorNames.map((actor) => [actor, Array(objects).fill(expect)])) as Record<ActorName, Expect[]>;

/** Plain route: one object, the same path for everyone. */
function fixed(path: string, expect: Record<ActorName, Expect[]>): MatrixRow {
  return { objects: { none: () => ({ path }) }, expect };
}

/** Who of the world may hold API tokens: the admin and the companies' owners. */
const mayHoldTokens = (actor: ActorName): actor is "customerA" | "customerB" | "admin" => actor === "customerA" || actor === "customerB" || actor === "admin";

/** A new API token of `owner`, made through the API: each revoking cell gets its own. */
async function freshTokenId(world: World, owner: "customerA" | "customerB" | "admin"): Promise<string> {
  const made = await send(world.server.baseUrl, "/api/tokens", { method: "POST", cookie: world.cookie(owner), json: { name: "Matrix revoke", scope: "read", expiresInDays: 30 } });
  if (made.status !== 201) throw new Error(`making a token for ${owner} gave ${made.status} ${made.text}`);
  return (made.body as { id: string }).id;
}

/** `own`, `foreign` and `missing` ids of one kind of record, under a path template. */
function byId(pathOf: (id: string) => string, idOf: (world: World, side: "a" | "b") => string, json?: (world: World) => unknown) {
  const build = (id: (world: World) => string): Build => (world) => ({ path: pathOf(id(world)), json: json?.(world) });
  return {
    own: build((world) => idOf(world, "a")),
    foreign: build((world) => idOf(world, "b")),
    missing: build(() => missingId),
  };
}

/** Expectations that only differ by role: anonymous 401, customers and loner as given, admin as given. */
function customersAndAdmin(customerA: Expect[], customerB: Expect[], loner: Expect[], admin: Expect[]): Record<ActorName, Expect[]> {
  return { anonymous: Array(admin.length).fill(401), customerA, memberA: customerA, customerB, loner, admin };
}

/** Admin-only route: 401 anonymous, 403 every customer, `admin` for the admin. */
function adminOnly(admin: Expect[]): Record<ActorName, Expect[]> {
  const forbidden = Array(admin.length).fill(403);
  return customersAndAdmin(forbidden, forbidden, forbidden, admin);
}

/**
 * A company's access log (ADR 050): its owners (customerA, customerB) get `owners`, a member no
 * owner allowed and the loner (no company) 403 where `owners` has a 200, the admin `admin`.
 */
function accessLogReaders(owners: Expect[], admin: Expect[]): Record<ActorName, Expect[]> {
  const refused = owners.map((expect) => (expect === 200 ? 403 : expect));
  return { ...customersAndAdmin(owners, owners, refused, admin), memberA: refused };
}

/** Readable by the company's members and admins; D11: anything else is 404. */
const tenantRecord = (own: Expect, foreign: Expect) =>
  customersAndAdmin([own, 404, 404], [404, foreign, 404], [404, 404, 404], [own, foreign, 404]);

const uniqueInvoiceNumber = () => `M-${randomUUID().slice(0, 12)}`;
const uniqueAddress = () => `matrix-${randomUUID().slice(0, 8)}@example.test`;

/** A ticket's short number ("#142"), which the world keeps no copy of. */
async function ticketNumber(world: World, id: string): Promise<number> {
  const [row] = await world.server.deps.db.select({ number: tickets.number }).from(tickets).where(eq(tickets.id, id));
  return row!.number;
}

/** A pending invitation to company `side`, straight in the database: each write cell gets its own. */
async function pendingInvitation(world: World, side: "a" | "b"): Promise<string> {
  const [row] = await world.server.deps.db
    .insert(invitations)
    .values({ companyId: world[side].company.id, companyRole: "member", email: uniqueAddress(), tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: invitations.id });
  return row!.id;
}

/** A new member of company `side`, for a cell that removes one (the world's own members stay). */
async function throwawayMember(world: World, side: "a" | "b"): Promise<string> {
  const user = await world.server.createUser();
  await world.server.deps.db.insert(companyUsers).values({ userId: user.id, companyId: world[side].company.id });
  return user.id;
}

/**
 * A new account in company `side`, straight in the database, for a cell of the admin Users page
 * that acts on one (deactivates, moves, ...): the world's own users stay as built.
 */
async function throwawayAccount(world: World, side: "a" | "b", values: { twoFactorEnabled?: boolean } = {}): Promise<string> {
  const [row] = await world.server.deps.db
    .insert(profiles)
    .values({ fullName: "Matrix Throwaway", email: uniqueAddress(), ...values })
    .returning({ id: profiles.id });
  await world.server.deps.db.insert(companyUsers).values({ userId: row!.id, companyId: world[side].company.id });
  return row!.id;
}

/** `own`, `foreign` and `missing` accounts for an admin Users action at `/api/users/{id}/{action}`. */
function userAction(action: string, json?: (world: World, side: "a" | "b") => unknown, values?: { twoFactorEnabled?: boolean }): MatrixRow {
  const build = (side: "a" | "b"): Build => async (w) => ({ path: `/api/users/${await throwawayAccount(w, side, values)}/${action}`, json: json?.(w, side) ?? {} });
  return {
    objects: { own: build("a"), foreign: build("b"), missing: (w) => ({ path: `/api/users/${missingId}/${action}`, json: json?.(w, "a") ?? {} }) },
    expect: adminOnly([200, 200, 404]),
  };
}

/**
 * A company's team (ADR 015): company A's owner is customerA, memberA is a plain member (403 where
 * owners act); customerB owns company B. "own"/"foreign" are A's and B's; the third object a
 * missing record below A, which a member of A is refused before it is looked up (403).
 */
const teamWrite = (ok: Expect): Record<ActorName, Expect[]> => ({
  anonymous: [401, 401, 401],
  customerA: [ok, 404, 404],
  memberA: [403, 404, 403],
  customerB: [404, ok, 404],
  loner: [404, 404, 404],
  admin: [ok, ok, 404],
});

/** A file on side's first ticket, uploaded by its customer, for a cell that deletes one (the world's own stay). */
async function throwawayFile(world: World, side: "a" | "b"): Promise<string> {
  const uploader = world.users[side === "a" ? "customerA" : "customerB"];
  return (await uploadAs(world.server, uploader, `/api/tickets/${world[side].tickets[0]!.id}/files`, matrixText)).id;
}

/**
 * An invoice of company `side`, straight in the database, for a cell that gives or takes its PDF:
 * the world's invoices keep theirs. Inserted while the writes run, after every list was read.
 */
async function throwawayInvoice(world: World, side: "a" | "b", status: "unpaid" | "draft" = "unpaid"): Promise<string> {
  const [row] = await world.server.deps.db
    .insert(invoices)
    .values({
      companyId: world[side].company.id,
      invoiceNumber: uniqueInvoiceNumber(),
      amount: "10.00",
      subtotal: "10.00",
      tax: "0.00",
      issueDate: "2026-04-01",
      status,
      issuedAt: status === "draft" ? null : new Date(),
    })
    .returning({ id: invoices.id });
  return row!.id;
}

/**
 * A throwaway invoice of company `side` with one payment of 4.00 of its 10.00 standing (ADR 043),
 * recorded by hand or confirmed by a provider, for a cell that removes one.
 */
async function throwawayPayment(world: World, side: "a" | "b", provider: string | null = null): Promise<{ invoiceId: string; paymentId: string }> {
  const invoiceId = await throwawayInvoice(world, side);
  const { db } = world.server.deps;
  await db.update(invoices).set({ amountPaid: "4.00" }).where(eq(invoices.id, invoiceId));
  const [row] = await db
    .insert(payments)
    .values({
      invoiceId,
      companyId: world[side].company.id,
      amount: "4.00",
      currency: "USD",
      method: provider ? "card" : "bank_transfer",
      provider,
      reference: provider ? `pi_${randomUUID()}` : null,
      paidOn: "2026-04-02",
    })
    .returning({ id: payments.id });
  return { invoiceId, paymentId: row!.id };
}

const paymentBody = { amount: "1.00", method: "bank_transfer", paidAt: "2026-04-02" };

/**
 * An entry of tracked time on the side's first project, straight in the database, dated a day of
 * its own: a cell that deletes or bills it gets its own, and billing one cell's day bills no other's.
 */
let throwawayDays = 0;
async function throwawayTimeEntry(world: World, side: "a" | "b"): Promise<{ id: string; workDate: string }> {
  const workDate = new Date(Date.UTC(1990, 0, 1 + throwawayDays++)).toISOString().slice(0, 10);
  const project = world[side].projects[0]!.id;
  const [row] = await world.server.deps.db
    .insert(timeEntries)
    .values({ projectId: project, companyId: world[side].company.id, workDate, minutes: 30, description: "Matrix time", rate: "100" })
    .returning({ id: timeEntries.id });
  return { id: row!.id, workDate };
}

/** A recurring invoice of the side's company straight in the database, active until a cell pauses, resumes or ends it: each cell gets its own. */
async function throwawayRecurring(world: World, side: "a" | "b", status: "active" | "paused" | "ended" = "active"): Promise<string> {
  const [row] = await world.server.deps.db
    .insert(recurringInvoices)
    .values({
      companyId: world[side].company.id,
      lines: [{ description: "Matrix retainer", quantity: "1", unitPrice: "10.00", taxRate: null }],
      frequency: "monthly",
      dayOfMonth: 1,
      startDate: "2030-01-01",
      status,
      nextIssueDate: status === "active" ? "2030-01-01" : null,
    })
    .returning({ id: recurringInvoices.id });
  return row!.id;
}

const recurringBody = (companyId: string) => ({ companyId, lines: [{ description: "Matrix retainer", quantity: "1", unitPrice: "10.00" }], frequency: "monthly", dayOfMonth: 1, startDate: "2030-01-01" });

/** A recurring invoice action's cells: A's and B's schedules alike (the team's), a missing one, and one the action does not apply to (409). */
function recurringAction(action: "pause" | "resume" | "end"): MatrixRow {
  const appliesTo = action === "resume" ? "paused" : "active";
  const path = (id: string) => `/api/recurring-invoices/${id}/${action}`;
  return {
    objects: {
      own: async (w) => ({ path: path(await throwawayRecurring(w, "a", appliesTo)) }),
      foreign: async (w) => ({ path: path(await throwawayRecurring(w, "b", appliesTo)) }),
      missing: () => ({ path: path(missingId) }),
      "not applying": async (w) => ({ path: path(await throwawayRecurring(w, "a", action === "end" ? "ended" : action === "pause" ? "paused" : "active")) }),
    },
    expect: adminOnly([200, 200, 404, 409]),
  };
}

/** A quote of the side's company straight in the database, a draft or sent (with a stand-in document), for a cell that changes it: each gets its own. */
async function throwawayQuote(world: World, side: "a" | "b", status: "draft" | "sent"): Promise<string> {
  const sent = status === "sent" ? { sentAt: new Date(), document: new Uint8Array([37, 80, 68, 70]), documentSha256: "0".repeat(64) } : {};
  const [row] = await world.server.deps.db
    .insert(quotes)
    .values({
      companyId: world[side].company.id,
      quoteNumber: `MATRIX-${randomUUID()}`,
      title: "Matrix quote",
      lines: [{ description: "Matrix work", quantity: "1", unitPrice: "10.00", taxRate: null }],
      amount: "10.00",
      subtotal: "10.00",
      tax: "0.00",
      validUntil: "2099-12-31",
      status,
      ...sent,
    })
    .returning({ id: quotes.id });
  return row!.id;
}

const quoteBody = (companyId: string) => ({ companyId, title: "Matrix quote", lines: [{ description: "Matrix work", quantity: "1", unitPrice: "10.00" }], validUntil: "2099-12-31" });
/** A 1×1 PNG, as a signature pad sends it. */
const signature = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** An admin's write on a draft quote: A's and B's drafts alike (the team's), a missing one, and a sent one (409). */
function quoteDraftWrite(pathOf: (id: string) => string, ok: number, json?: unknown): MatrixRow {
  const build = (side: "a" | "b", status: "draft" | "sent") => async (w: World) => ({ path: pathOf(await throwawayQuote(w, side, status)), json });
  return {
    objects: { own: build("a", "draft"), foreign: build("b", "draft"), missing: () => ({ path: pathOf(missingId), json }), sent: build("a", "sent") },
    expect: adminOnly([ok, ok, 404, 409]),
  };
}

/**
 * A customer's answer to a sent quote: its company's owner's alone. A plain member is refused
 * (403), another company's quote is missing (404), and an admin signs nothing (403).
 */
function quoteAnswer(answer: "accept" | "decline", json: unknown): MatrixRow {
  const path = (id: string) => `/api/quotes/${id}/${answer}`;
  const build = (side: "a" | "b") => async (w: World) => ({ path: path(await throwawayQuote(w, side, "sent")), json });
  return {
    objects: { own: build("a"), foreign: build("b"), missing: () => ({ path: path(missingId), json }) },
    expect: { anonymous: [401, 401, 401], customerA: [200, 404, 404], memberA: [403, 404, 404], customerB: [404, 200, 404], loner: [404, 404, 404], admin: [403, 403, 404] },
  };
}

/** "Invoice unbilled time" for the one day of a throwaway entry of the side's. */
async function billOneDay(world: World, side: "a" | "b"): Promise<Request> {
  const { workDate } = await throwawayTimeEntry(world, side);
  return { path: "/api/invoices/from-time", json: { companyId: world[side].company.id, from: workDate, to: workDate } };
}

/** A webhook endpoint straight in the database, for a cell that changes, rotates or deletes one: the world's stays as built. */
async function throwawayWebhook(world: World): Promise<string> {
  const [row] = await world.server.deps.db
    .insert(webhookEndpoints)
    .values({ url: "https://hooks.example.test/matrix", eventTypes: ["message.created"], secret: sealWebhookSecret(world.server.env.AUTH_SECRET, newWebhookSecret()) })
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

/** A company provider's settings as the admin's form sends them. */
const matrixSso = (domain: string) => ({ issuer: "https://idp.sso.test", clientId: "matrix-client", clientSecret: "matrix-secret", domains: [domain] });

/** A company of its own with single sign-on set, for a cell that removes it. */
async function throwawaySsoCompany(world: World): Promise<string> {
  const [company] = await world.server.deps.db.insert(companies).values({ name: "Matrix SSO company" }).returning({ id: companies.id });
  await world.server.deps.db.insert(companySsoProviders).values({ companyId: company!.id, issuer: "https://idp.sso.test", clientId: "matrix-client", clientSecret: "sealed" });
  return company!.id;
}

/** A delivered delivery of the world's endpoint, for a cell that resends one. */
async function throwawayDelivery(world: World): Promise<string> {
  const [row] = await world.server.deps.db
    .insert(webhookDeliveries)
    .values({ endpointId: world.webhook.endpointId, eventType: "ticket.created", body: "{}", status: "delivered", finishedAt: new Date() })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

/** `own`, `foreign` and `missing` targets of an upload route, each sent a small text file. */
function uploadTo(path: (world: World, side: "a" | "b" | "missing") => string): Record<string, Build> {
  return {
    own: (w) => ({ path: path(w, "a"), upload: matrixText }),
    foreign: (w) => ({ path: path(w, "b"), upload: matrixText }),
    missing: (w) => ({ path: path(w, "missing"), upload: matrixText }),
  };
}

/** Uploads by a record's author or an admin: a comment's or a message's. 403 for another member of A. */
const authorsUpload = (): Record<ActorName, Expect[]> => ({
  anonymous: [401, 401, 401],
  customerA: [201, 404, 404],
  memberA: [403, 404, 404],
  customerB: [404, 201, 404],
  loner: [404, 404, 404],
  admin: [201, 201, 404],
});

/** A throwaway session of the actor, so signing it out leaves the actor's own session alone. */
async function throwawaySession(world: World, actor: ActorName): Promise<string | undefined> {
  if (actor === "anonymous") return undefined;
  const user = world.users[actor];
  const { headers } = await world.server.deps.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

/** The id of a new session of `user` (the world's own sessions stay): a session a cell may end. */
async function throwawaySessionId(world: World, user: Exclude<ActorName, "anonymous">): Promise<string> {
  const { email, password } = world.users[user];
  const { token } = await world.server.deps.auth.api.signInEmail({ body: { email, password } });
  const [row] = await world.server.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token));
  return row!.id;
}

/** The enabled Better Auth endpoints (ENABLED_AUTH_ENDPOINTS); every other one is 404 for everybody (405 on an enabled one's path). */
const authCells: Record<string, { build: Build; expect: Record<ActorName, Expect> }> = {
  "GET /get-session": {
    build: () => ({ path: "/api/auth/get-session" }),
    expect: { anonymous: 200, customerA: 200, memberA: 200, customerB: 200, loner: 200, admin: 200 },
  },
  "POST /sign-up/email": {
    build: () => ({
      path: "/api/auth/sign-up/email",
      json: { name: "New Person", email: `new-${randomUUID().slice(0, 8)}@example.test`, password: "new-password-1" },
    }),
    expect: { anonymous: 200, customerA: 200, memberA: 200, customerB: 200, loner: 200, admin: 200 },
  },
  "POST /sign-in/email": {
    build: (world, actor) => {
      const user = world.users[actor === "anonymous" ? "customerA" : actor];
      return { path: "/api/auth/sign-in/email", json: { email: user.email, password: user.password } };
    },
    expect: { anonymous: 200, customerA: 200, memberA: 200, customerB: 200, loner: 200, admin: 200 },
  },
  "POST /request-password-reset": {
    // Public, and the same answer for every address; each cell asks about its own address, so the
    // per-address limit never refuses a cell.
    build: (world, actor) => ({
      path: "/api/auth/request-password-reset",
      json: { email: actor === "anonymous" ? `nobody-${randomUUID().slice(0, 8)}@example.test` : world.users[actor].email },
    }),
    expect: { anonymous: 200, customerA: 200, memberA: 200, customerB: 200, loner: 200, admin: 200 },
  },
  "POST /reset-password": {
    // Only the mailed token grants anything: a session does not, and a made-up token is refused.
    build: () => ({ path: "/api/auth/reset-password", json: { token: "made-up-token", newPassword: "matrix-password-1" } }),
    expect: { anonymous: 400, customerA: 400, memberA: 400, customerB: 400, loner: 400, admin: 400 },
  },
  "POST /update-user": {
    // The actor's own name again: later cells still see the world as built.
    build: (world, actor) => ({ path: "/api/auth/update-user", json: { name: actor === "anonymous" ? "Nobody" : world.users[actor].name } }),
    expect: { anonymous: 401, customerA: 200, memberA: 200, customerB: 200, loner: 200, admin: 200 },
  },
  "POST /change-password": {
    // A wrong current password: a right one would end the actor's other sessions, the world's cookie among them.
    build: () => ({ path: "/api/auth/change-password", json: { currentPassword: "not-the-password", newPassword: "matrix-password-1" } }),
    expect: { anonymous: 401, customerA: 400, memberA: 400, customerB: 400, loner: 400, admin: 400 },
  },
  "POST /change-email": {
    // Only mails a link to the new address; nothing changes until it is opened.
    build: (world, actor) => ({
      path: "/api/auth/change-email",
      json: { newEmail: `moved-${randomUUID().slice(0, 8)}@example.test`, currentPassword: actor === "anonymous" ? "no-password" : world.users[actor].password },
    }),
    expect: { anonymous: 401, customerA: 200, memberA: 200, customerB: 200, loner: 200, admin: 200 },
  },
  "GET /verify-email": {
    build: () => ({ path: "/api/auth/verify-email?token=made-up-token" }),
    expect: { anonymous: 401, customerA: 400, memberA: 400, customerB: 400, loner: 400, admin: 400 },
  },
  // Two-factor sign-in (ADR 019). Nobody in the world has it on, and the cells change nothing.
  "POST /two-factor/enable": {
    // A wrong password: a right one would start an enrolment.
    build: () => ({ path: "/api/auth/two-factor/enable", json: { password: "not-the-password" } }),
    expect: { anonymous: 401, customerA: 400, memberA: 400, customerB: 400, loner: 400, admin: 400 },
  },
  "POST /two-factor/verify-totp": {
    // Without a password step there is no challenge (401); with a session, nothing to check against (400).
    build: () => ({ path: "/api/auth/two-factor/verify-totp", json: { code: "000000" } }),
    expect: { anonymous: 401, customerA: 400, memberA: 400, customerB: 400, loner: 400, admin: 400 },
  },
  "POST /two-factor/verify-backup-code": {
    build: () => ({ path: "/api/auth/two-factor/verify-backup-code", json: { code: "AAAAA-AAAAA" } }),
    expect: { anonymous: 401, customerA: 400, memberA: 400, customerB: 400, loner: 400, admin: 400 },
  },
  "POST /two-factor/disable": {
    build: () => ({ path: "/api/auth/two-factor/disable", json: { password: "not-the-password", code: "000000" } }),
    expect: { anonymous: 401, customerA: 400, memberA: 400, customerB: 400, loner: 400, admin: 400 },
  },
  "POST /sign-out": {
    build: async (world, actor) => {
      const cookie = await throwawaySession(world, actor);
      return { path: "/api/auth/sign-out", json: {}, ...(cookie ? { cookie } : {}) };
    },
    expect: { anonymous: 200, customerA: 200, memberA: 200, customerB: 200, loner: 200, admin: 200 },
  },
};

/** The rows for `METHOD /api/auth/*`: one object per Better Auth endpoint of that method. */
export function authRow(world: World, method: "GET" | "POST"): MatrixRow {
  const objects: Record<string, Build> = {};
  for (const endpoint of betterAuthEndpoints(world.server.deps.auth)) {
    const [endpointMethod, path] = endpoint.split(" ") as [string, string];
    if (endpointMethod !== method) continue;
    objects[path] = authCells[endpoint]?.build ?? (() => ({ path: `/api/auth${path}`, ...(method === "POST" ? { json: {} } : {}) }));
  }
  return {
    objects,
    // Another method of an enabled endpoint's path is 405 with Allow (RFC 9110; the path and its
    // methods are public in the document), any other endpoint 404.
    expect: (actor, object) => authCells[`${method} ${object}`]?.expect[actor] ?? (enabledAuthPaths.has(object) ? 405 : 404),
  };
}

/** The paths of the enabled Better Auth endpoints. */
const enabledAuthPaths = new Set(Object.keys(authCells).map((endpoint) => endpoint.split(" ")[1]!));

/**
 * The objects of an unsubscribe link's routes (ADR 029): a token nobody signed, one that is no token
 * at all, and memberA's for news of projects (the POST turns that off; no other cell reads it).
 */
function unsubscribeLinks(): Record<string, Build> {
  const at = (token: string) => ({ path: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` });
  return {
    "made-up token": () => at(`${"M".repeat(72)}.${"M".repeat(43)}`),
    "malformed token": () => at("../../etc/passwd"),
    "A's member's token": (w) => at(unsubscribeToken(w.server.env.AUTH_SECRET, { userId: w.users.memberA.id, kind: "project_created" })),
  };
}

/** The token decides, not the session: every actor alike. */
const tokenDecides = Object.fromEntries(actorNames.map((actor) => [actor, [400, 400, 200]])) as Record<ActorName, Expect[]>;

const a = counts.a;
const b = counts.b;
/** A's draft (world.aDraft): in no customer's count, in the admin's. */
const aDrafts = 1;
/** A's internal note (world.aNote): in the admin's thread and history, in no customer's. */
const aNotes = 1;
/**
 * Entries in each company's recent activity as the world is built (ADR 028), as its members see
 * them: each project, ticket and issued invoice created, each comment, each file attached, each
 * quote sent. The admin also sees each quote's creation (a draft's history, ADR 049).
 */
const activity = {
  a: 2 + a.projectComments + 3 + a.ticketComments + 1 + 3 + 1 + 1,
  b: 1 + b.projectComments + 1 + b.ticketComments + 1 + 1 + 1,
};
/** The quotes each company's history holds as created: A's sent one and its draft, B's sent one. */
const quotesCreated = { a: 2, b: 1 };

/**
 * Each actor's notifications as the world is built (ADR 029). A's members: 2 new projects, 3
 * issued invoices, the team's message; customerA also the team's reply on the ticket they opened,
 * and, as A's owner, its sent quote to answer. B's customer: 1 project, 1 invoice, the message, the
 * team's reply, the quote. The admin: 4 new tickets, 4 customer comments (2 on tickets, 2 on
 * projects), 2 customer messages. Nobody hears of A's drafts.
 */
const notified = { customerA: 8, memberA: 6, customerB: 5, loner: 0, admin: 10 };
/** The unread counts add up to twice the total (each notification is in one nav area too) plus the chat's unread messages. */
const unreadSum = (actor: keyof typeof notified, chat: number) => counted(2 * notified[actor] + chat);

/**
 * The account-level routes (ADR 030, amended): a session's alone. Every API token, read-only or
 * read-write, A's owner's or the admin's, gets 401 on each of their cells, whatever its maker may
 * do with a session. Written out, not read from the code: a route leaves this list by a decision.
 */
export const accountLevelRoutes = [
  "GET /api/events",
  "GET /api/sessions",
  "DELETE /api/sessions/:id",
  "POST /api/sessions/end-others",
  "GET /api/tokens",
  "POST /api/tokens",
  "DELETE /api/tokens/:id",
  "GET /api/outbox",
  "GET /api/inbound/mails",
  "GET /api/users",
  "POST /api/users/:id/password-reset",
  "POST /api/users/:id/sign-out",
  "POST /api/users/:id/deactivate",
  "POST /api/users/:id/reactivate",
  "PUT /api/users/:id/role",
  "PUT /api/users/:id/company",
  "POST /api/users/:id/remove-two-factor",
  "GET /api/team",
  "GET /api/team/invitations",
  "POST /api/team/invitations",
  "GET /api/companies/:id/team",
  "POST /api/companies/:id/invitations",
  "PATCH /api/companies/:id/members/:userId",
  "DELETE /api/companies/:id/members/:userId",
  "POST /api/invitations/accept",
  "POST /api/invitations/:id/resend",
  "DELETE /api/invitations/:id",
  "GET /api/webhooks",
  "POST /api/webhooks",
  "GET /api/webhooks/:id",
  "PATCH /api/webhooks/:id",
  "DELETE /api/webhooks/:id",
  "POST /api/webhooks/:id/rotate-secret",
  "GET /api/webhooks/:id/deliveries",
  "POST /api/webhooks/deliveries/:id/resend",
  "PUT /api/settings/brand",
  "GET /api/companies/:id/sso",
  "PUT /api/companies/:id/sso",
  "DELETE /api/companies/:id/sso",
];

/** Paths on the account-level surfaces: a new route there must join the list above (malformedRows). */
const ACCOUNT_LEVEL_PATH = /^[A-Z]+ \/api\/(events|sessions|tokens|outbox|inbound\/mails|users|team|webhooks|settings)(\/|$)|^[A-Z]+ \/api\/companies\/:id\/(team|invitations|members|sso)(\/|$)|^[A-Z]+ \/api\/invitations\/(accept|:id)(\/|$)/;

/** Every token refused on the account-level routes: 401, as a token is told there to sign in. */
const refusesEveryToken = (): Expect => 401;

export function permissionMatrix(world: World): Record<string, MatrixRow> {
  const rows = recordRows(world);
  for (const route of accountLevelRoutes) {
    if (!rows[route]) throw new Error(`${route} is listed as account-level but has no row`);
    rows[route] = { ...rows[route], tokens: refusesEveryToken };
  }
  return rows;
}

function recordRows(world: World): Record<string, MatrixRow> {
  const ownInvoiceWithPdf = (w: World, side: "a" | "b") => w[side].invoices[0]!.id;
  return {
    "ALL /api/*": {
      // Unknown API paths: strangers learn nothing (401), signed-in callers get 404.
      objects: {
        "GET unknown": () => ({ path: "/api/no-such-route" }),
        "POST unknown": () => ({ path: "/api/no-such-route", json: {} }),
      },
      expect: { ...same(404, 2), anonymous: [401, 401] },
      // No route, so no route's token rules: a valid token gets its maker's 404.
      tokens: (actor) => (actor === "revokedTokenA" ? 401 : 404),
    },
    "GET /api/auth/*": authRow(world, "GET"),
    "POST /api/auth/*": authRow(world, "POST"),
    "GET /api/health": fixed("/api/health", same(200)),
    "GET /api/ready": fixed("/api/ready", same(200)),
    "GET /api/openapi.json": fixed("/api/openapi.json", same(200)),
    // For a scraper's token only: no session opens it, an admin's included. Without METRICS_TOKEN
    // it answers like an unknown path; the token itself is tested in observability/metrics.test.ts.
    "GET /metrics": fixed("/metrics", same(world.server.env.METRICS_TOKEN ? 401 : 404)),
    "GET /api/me": fixed("/api/me", { ...same(200), anonymous: [401] }),
    // Each caller's own language: there is no one else's to name.
    "PUT /api/me/locale": {
      objects: { own: () => ({ path: "/api/me/locale", json: { locale: "en" } }) },
      expect: { ...same(200), anonymous: [401] },
    },
    "GET /api/events": fixed("/api/events", { ...same(200), anonymous: [401] }),

    // A user's own sessions: nobody else's, whatever their role (sessions.service.ts).
    "GET /api/sessions": fixed("/api/sessions", { ...same(200), anonymous: [401] }),
    "DELETE /api/sessions/:id": {
      objects: {
        own: async (w, actor) => ({ path: `/api/sessions/${await throwawaySessionId(w, actor === "anonymous" ? "customerA" : actor)}` }),
        foreign: async (w, actor) => ({ path: `/api/sessions/${await throwawaySessionId(w, actor === "customerB" ? "customerA" : "customerB")}` }),
        missing: () => ({ path: `/api/sessions/${missingId}` }),
      },
      expect: (actor, object) => (actor === "anonymous" ? 401 : object === "own" ? 204 : 404),
    },
    "POST /api/sessions/end-others": {
      objects: { none: () => ({ path: "/api/sessions/end-others", json: {} }) },
      expect: { ...same(200), anonymous: [401] },
      // It ends every session of the actor but the one the matrix uses.
      last: true,
    },

    // A person's own API tokens (ADR 030): admins and owners (A's and B's) make them; nobody sees
    // or revokes another's. customerA made three for the token actors and revoked one, the admin two.
    "GET /api/tokens": fixed("/api/tokens", { anonymous: [401], customerA: [rows(2)], memberA: [rows(0)], customerB: [rows(0)], loner: [rows(0)], admin: [rows(2)] }),
    "POST /api/tokens": {
      objects: { none: () => ({ path: "/api/tokens", json: { name: "Matrix token", scope: "read", expiresInDays: 30 } }) },
      expect: (actor) => (actor === "anonymous" ? 401 : mayHoldTokens(actor) ? 201 : 403),
    },
    "DELETE /api/tokens/:id": {
      objects: {
        own: async (w, actor) => ({ path: `/api/tokens/${await freshTokenId(w, mayHoldTokens(actor) ? actor : "customerA")}` }),
        foreign: async (w, actor) => ({ path: `/api/tokens/${await freshTokenId(w, actor === "customerB" ? "customerA" : "customerB")}` }),
        missing: () => ({ path: `/api/tokens/${missingId}` }),
      },
      expect: (actor, object) => (actor === "anonymous" ? 401 : object === "own" && mayHoldTokens(actor) ? 204 : 404),
    },

    // A user's own notifications only; the world's as listed above (`notified`).
    "GET /api/notifications": fixed("/api/notifications", {
      anonymous: [401],
      customerA: [rows(notified.customerA)],
      memberA: [rows(notified.memberA)],
      customerB: [rows(notified.customerB)],
      loner: [rows(0)],
      admin: [rows(notified.admin)],
    }),
    // Chat: the team's one message unread in each company; for the admin, both customers' messages.
    "GET /api/notifications/unread": fixed("/api/notifications/unread", {
      anonymous: [401],
      customerA: [unreadSum("customerA", 1)],
      memberA: [unreadSum("memberA", 1)],
      customerB: [unreadSum("customerB", 1)],
      loner: [unreadSum("loner", 0)],
      admin: [unreadSum("admin", 2)],
    }),
    "POST /api/notifications/read": {
      objects: {
        all: () => ({ path: "/api/notifications/read", json: { all: true } }),
        // Another company's record: marks nothing of anyone else's, whoever asks.
        "foreign subject": (w) => ({ path: "/api/notifications/read", json: { subject: { type: "ticket", id: w.b.tickets[0]!.id } } }),
      },
      expect: { ...same(200, 2), anonymous: [401, 401] },
    },

    "GET /api/messages/conversations": fixed("/api/messages/conversations", adminOnly([rows(2)])),
    "GET /api/messages": {
      objects: {
        none: () => ({ path: "/api/messages" }),
        own: (w) => ({ path: `/api/messages?companyId=${w.a.company.id}` }),
        foreign: (w) => ({ path: `/api/messages?companyId=${w.b.company.id}` }),
        missing: () => ({ path: `/api/messages?companyId=${missingId}` }),
      },
      expect: customersAndAdmin(
        [rows(a.messages), rows(a.messages), 404, 404],
        [rows(b.messages), 404, rows(b.messages), 404],
        [rows(0), 404, 404, 404],
        [400, rows(a.messages), rows(b.messages), 404],
      ),
    },
    "POST /api/messages": {
      objects: {
        none: () => ({ path: "/api/messages", json: { content: "Matrix message" } }),
        own: (w) => ({ path: "/api/messages", json: { companyId: w.a.company.id, content: "Matrix message" } }),
        foreign: (w) => ({ path: "/api/messages", json: { companyId: w.b.company.id, content: "Matrix message" } }),
        missing: () => ({ path: "/api/messages", json: { companyId: missingId, content: "Matrix message" } }),
      },
      expect: customersAndAdmin([201, 201, 404, 404], [201, 404, 201, 404], [400, 400, 400, 400], [400, 201, 201, 404]),
    },
    "POST /api/messages/read": {
      objects: {
        none: () => ({ path: "/api/messages/read", json: {} }),
        own: (w) => ({ path: "/api/messages/read", json: { companyId: w.a.company.id } }),
        foreign: (w) => ({ path: "/api/messages/read", json: { companyId: w.b.company.id } }),
        missing: () => ({ path: "/api/messages/read", json: { companyId: missingId } }),
      },
      expect: customersAndAdmin([200, 200, 404, 404], [200, 404, 200, 404], [200, 404, 404, 404], [400, 200, 200, 404]),
    },

    // Webhooks (ADR 031): the admins' alone, whoever the customer; "existing" is the world's
    // endpoint (or a throwaway one for writes), "missing" an id nobody has.
    "GET /api/webhooks": fixed("/api/webhooks", adminOnly([rows(1)])),
    "POST /api/webhooks": {
      objects: { none: () => ({ path: "/api/webhooks", json: { url: "https://hooks.example.test/new", eventTypes: ["ticket.created"] } }) },
      expect: adminOnly([201]),
    },
    "GET /api/webhooks/:id": {
      objects: { existing: (w) => ({ path: `/api/webhooks/${w.webhook.endpointId}` }), missing: () => ({ path: `/api/webhooks/${missingId}` }) },
      expect: adminOnly([200, 404]),
    },
    "PATCH /api/webhooks/:id": {
      objects: {
        existing: async (w) => ({ path: `/api/webhooks/${await throwawayWebhook(w)}`, json: { description: "Matrix" } }),
        missing: () => ({ path: `/api/webhooks/${missingId}`, json: { description: "Matrix" } }),
      },
      expect: adminOnly([200, 404]),
    },
    "DELETE /api/webhooks/:id": {
      objects: { existing: async (w) => ({ path: `/api/webhooks/${await throwawayWebhook(w)}` }), missing: () => ({ path: `/api/webhooks/${missingId}` }) },
      expect: adminOnly([204, 404]),
    },
    "POST /api/webhooks/:id/rotate-secret": {
      objects: {
        existing: async (w) => ({ path: `/api/webhooks/${await throwawayWebhook(w)}/rotate-secret` }),
        missing: () => ({ path: `/api/webhooks/${missingId}/rotate-secret` }),
      },
      expect: adminOnly([200, 404]),
    },
    "GET /api/webhooks/:id/deliveries": {
      objects: { existing: (w) => ({ path: `/api/webhooks/${w.webhook.endpointId}/deliveries` }), missing: () => ({ path: `/api/webhooks/${missingId}/deliveries` }) },
      expect: adminOnly([rows(1), 404]),
    },
    "POST /api/webhooks/deliveries/:id/resend": {
      objects: {
        existing: async (w) => ({ path: `/api/webhooks/deliveries/${await throwawayDelivery(w)}/resend` }),
        missing: () => ({ path: `/api/webhooks/deliveries/${missingId}/resend` }),
      },
      expect: adminOnly([200, 404]),
    },

    "GET /api/companies": fixed("/api/companies", adminOnly([rows(2)])),
    "GET /api/companies/options": {
      objects: {
        none: () => ({ path: "/api/companies/options" }),
        "q=foreign name": (w) => ({ path: `/api/companies/options?limit=5&q=${encodeURIComponent(w.b.company.name)}` }),
      },
      expect: adminOnly([rows(2), rows(1)]),
    },
    "GET /api/companies/mine": fixed("/api/companies/mine", { ...same(200), anonymous: [401] }),
    "PUT /api/companies/mine": {
      objects: { none: () => ({ path: "/api/companies/mine", json: { name: "Renamed by the matrix" } }) },
      // The loner's first save creates a company: 201. Admins manage companies elsewhere: 403.
      expect: customersAndAdmin([200], [200], [201], [403]),
      last: true,
    },
    "GET /api/companies/:id": {
      objects: byId((id) => `/api/companies/${id}`, (w, side) => w[side].company.id),
      expect: tenantRecord(200, 200),
    },
    "GET /api/companies/:id/activity": {
      objects: byId((id) => `/api/companies/${id}/activity`, (w, side) => w[side].company.id),
      // A's members do not see the two entries of A's draft (created, its PDF attached) nor the two
      // of the team's internal note (commented, its file attached); the admin does.
      expect: customersAndAdmin([rows(activity.a), 404, 404], [404, rows(activity.b), 404], [404, 404, 404], [rows(activity.a + 2 + 2 * aNotes + quotesCreated.a), rows(activity.b + quotesCreated.b), 404]),
    },
    "POST /api/companies": {
      objects: { none: () => ({ path: "/api/companies", json: { name: "Matrix customer" } }) },
      // A company nobody belongs to is the provider's to make; customers have their profile form.
      expect: adminOnly([201]),
    },
    "PUT /api/companies/:id": {
      objects: byId((id) => `/api/companies/${id}`, (w, side) => w[side].company.id, () => ({ name: "Renamed by the matrix" })),
      // Customers, their own company's members included, edit only through PUT /api/companies/mine.
      expect: adminOnly([200, 200, 404]),
    },
    // A company's single sign-on (ADR 051): the admins' setting alone, never an API token's.
    "GET /api/companies/:id/sso": {
      objects: byId((id) => `/api/companies/${id}/sso`, (w, side) => w[side].company.id),
      expect: adminOnly([200, 200, 404]),
    },
    "PUT /api/companies/:id/sso": {
      // Domains nobody in the world has, one per company (a domain routes to one company only).
      objects: {
        own: (w) => ({ path: `/api/companies/${w.a.company.id}/sso`, json: matrixSso("matrix-a.sso.test") }),
        foreign: (w) => ({ path: `/api/companies/${w.b.company.id}/sso`, json: matrixSso("matrix-b.sso.test") }),
        missing: () => ({ path: `/api/companies/${missingId}/sso`, json: matrixSso("matrix-missing.sso.test") }),
      },
      expect: adminOnly([200, 200, 404]),
    },
    "DELETE /api/companies/:id/sso": {
      objects: { existing: async (w) => ({ path: `/api/companies/${await throwawaySsoCompany(w)}/sso` }), missing: () => ({ path: `/api/companies/${missingId}/sso` }) },
      expect: adminOnly([204, 404]),
    },
    // Signing in with an identity provider (ADR 051): public. The world's server has no team
    // provider and no company domain routes anywhere, so nothing starts; a redirect back without
    // a started sign-in goes to the sign-in page.
    "GET /api/sso/options": fixed("/api/sso/options", same(200)),
    "POST /api/sso/discover": {
      objects: { own: (w) => ({ path: "/api/sso/discover", json: { email: w.users.customerA.email } }) },
      expect: same(200),
    },
    "POST /api/sso/start": {
      objects: { none: () => ({ path: "/api/sso/start", json: {} }), "an address": (w) => ({ path: "/api/sso/start", json: { email: w.users.memberA.email } }) },
      expect: same(404, 2),
    },
    "GET /api/sso/callback": fixed("/api/sso/callback?code=matrix&state=matrix", same(302)),

    "GET /api/projects": {
      objects: {
        none: () => ({ path: "/api/projects" }),
        "companyId=own": (w) => ({ path: `/api/projects?companyId=${w.a.company.id}` }),
        "companyId=foreign": (w) => ({ path: `/api/projects?companyId=${w.b.company.id}` }),
        // A's second project is the one completed; the filters narrow within the scope only.
        "status=completed": () => ({ path: "/api/projects?status=completed" }),
        "companyId=foreign&assignedTo=unassigned": (w) => ({ path: `/api/projects?companyId=${w.b.company.id}&assignedTo=unassigned` }),
      },
      expect: customersAndAdmin(
        [rows(a.projects), rows(a.projects), rows(0), rows(1), rows(0)],
        [rows(b.projects), rows(0), rows(b.projects), rows(0), rows(b.projects)],
        [rows(0), rows(0), rows(0), rows(0), rows(0)],
        [rows(a.projects + b.projects), rows(a.projects), rows(b.projects), rows(1), rows(b.projects)],
      ),
    },
    "GET /api/projects/:id": {
      objects: {
        ...byId((id) => `/api/projects/${id}`, (w, side) => w[side].projects[0]!.id),
        "own slug": (w) => ({ path: `/api/projects/${w.a.projects[0]!.slug}` }),
        "foreign slug": (w) => ({ path: `/api/projects/${w.b.projects[0]!.slug}` }),
        "missing slug": () => ({ path: "/api/projects/no-such-project" }),
      },
      expect: customersAndAdmin(
        [200, 404, 404, 200, 404, 404],
        [404, 200, 404, 404, 200, 404],
        [404, 404, 404, 404, 404, 404],
        [200, 200, 404, 200, 200, 404],
      ),
    },
    "POST /api/projects": {
      objects: {
        own: (w) => ({ path: "/api/projects", json: { companyId: w.a.company.id, name: "Matrix project" } }),
        foreign: (w) => ({ path: "/api/projects", json: { companyId: w.b.company.id, name: "Matrix project" } }),
        missing: () => ({ path: "/api/projects", json: { companyId: missingId, name: "Matrix project" } }),
      },
      expect: adminOnly([201, 201, 400]),
    },
    "PATCH /api/projects/:id": {
      objects: byId((id) => `/api/projects/${id}`, (w, side) => w[side].projects[0]!.id, () => ({ status: "active" })),
      expect: adminOnly([200, 200, 404]),
    },
    // The company's inbox for support mail (ADR 044): the admins' to choose, for any company's project.
    "PUT /api/projects/:id/inbox": {
      objects: byId((id) => `/api/projects/${id}/inbox`, (w, side) => w[side].projects[0]!.id, () => ({})),
      expect: adminOnly([200, 200, 404]),
    },
    "DELETE /api/projects/:id/inbox": {
      objects: byId((id) => `/api/projects/${id}/inbox`, (w, side) => w[side].projects[0]!.id),
      expect: adminOnly([200, 200, 404]),
    },
    // Recurring invoices (ADR 048): the team's alone, reads included; the world has B's one while the reads run.
    "GET /api/recurring-invoices": fixed("/api/recurring-invoices", adminOnly([rows(1)])),
    "POST /api/recurring-invoices": {
      objects: {
        own: (w) => ({ path: "/api/recurring-invoices", json: recurringBody(w.a.company.id) }),
        foreign: (w) => ({ path: "/api/recurring-invoices", json: recurringBody(w.b.company.id) }),
        missing: () => ({ path: "/api/recurring-invoices", json: recurringBody(missingId) }),
      },
      expect: adminOnly([201, 201, 400]),
    },
    "GET /api/recurring-invoices/:id": {
      objects: {
        "B's": (w) => ({ path: `/api/recurring-invoices/${w.bRecurring.id}` }),
        missing: () => ({ path: `/api/recurring-invoices/${missingId}` }),
      },
      expect: adminOnly([200, 404]),
    },
    "POST /api/recurring-invoices/:id/pause": recurringAction("pause"),
    "POST /api/recurring-invoices/:id/resume": recurringAction("resume"),
    "POST /api/recurring-invoices/:id/end": recurringAction("end"),
    // Quotes (ADR 049): the team drafts and sends; customers read their company's once sent, and its owners answer.
    "GET /api/quotes": fixed("/api/quotes", customersAndAdmin([rows(1)], [rows(1)], [rows(0)], [rows(3)])),
    "POST /api/quotes": {
      objects: {
        own: (w) => ({ path: "/api/quotes", json: quoteBody(w.a.company.id) }),
        foreign: (w) => ({ path: "/api/quotes", json: quoteBody(w.b.company.id) }),
        missing: () => ({ path: "/api/quotes", json: quoteBody(missingId) }),
      },
      expect: adminOnly([201, 201, 400]),
    },
    ...(() => {
      const objects = (suffix: string): Record<string, Build> => ({
        own: (w) => ({ path: `/api/quotes/${w.quotes.aSent}${suffix}` }),
        foreign: (w) => ({ path: `/api/quotes/${w.quotes.bSent}${suffix}` }),
        "A's draft": (w) => ({ path: `/api/quotes/${w.quotes.aDraft}${suffix}` }),
        missing: () => ({ path: `/api/quotes/${missingId}${suffix}` }),
      });
      const expect = customersAndAdmin([200, 404, 404, 404], [404, 200, 404, 404], [404, 404, 404, 404], [200, 200, 200, 404]);
      // A quote's history: each sent one was created and sent (its company reads the sending); A's draft was created, for the admin's eyes only.
      const history = customersAndAdmin([rows(1), 404, 404, 404], [404, rows(1), 404, 404], [404, 404, 404, 404], [rows(2), rows(2), rows(1), 404]);
      return {
        "GET /api/quotes/:id": { objects: objects(""), expect },
        "GET /api/quotes/:id/pdf": { objects: objects("/pdf"), expect },
        "GET /api/quotes/:id/activity": { objects: objects("/activity"), expect: history },
      };
    })(),
    "PATCH /api/quotes/:id": quoteDraftWrite((id) => `/api/quotes/${id}`, 200, { title: "Matrix quote, changed" }),
    "DELETE /api/quotes/:id": quoteDraftWrite((id) => `/api/quotes/${id}`, 204),
    "POST /api/quotes/:id/send": quoteDraftWrite((id) => `/api/quotes/${id}/send`, 200),
    "POST /api/quotes/:id/accept": quoteAnswer("accept", { signerName: "Matrix Owner", signature, accept: true }),
    "POST /api/quotes/:id/decline": quoteAnswer("decline", { reason: "Matrix says no" }),
    // Tracked time (ADR 047): its hours are the project's customers' to read; the entries, rates and billing the team's.
    "GET /api/projects/:id/time": {
      objects: byId((id) => `/api/projects/${id}/time`, (w, side) => w[side].projects[0]!.id),
      expect: tenantRecord(200, 200),
    },
    "PUT /api/projects/:id/time": {
      objects: byId((id) => `/api/projects/${id}/time`, (w, side) => w[side].projects[0]!.id, () => ({ hourlyRate: "90", monthlyBudgetHours: 10 })),
      expect: adminOnly([200, 200, 404]),
    },
    "GET /api/time-entries": {
      objects: {
        all: () => ({ path: "/api/time-entries" }),
        "A's project": (w) => ({ path: `/api/time-entries?projectId=${w.a.projects[0]!.id}` }),
      },
      expect: adminOnly([rows(2), rows(1)]),
    },
    "POST /api/time-entries": {
      objects: {
        own: (w) => ({ path: "/api/time-entries", json: { projectId: w.a.projects[0]!.id, workDate: "2026-04-02", minutes: 15, description: "Matrix", rate: "100" } }),
        foreign: (w) => ({ path: "/api/time-entries", json: { projectId: w.b.projects[0]!.id, workDate: "2026-04-02", minutes: 15, description: "Matrix", rate: "100" } }),
        missing: () => ({ path: "/api/time-entries", json: { projectId: missingId, workDate: "2026-04-02", minutes: 15, description: "Matrix", rate: "100" } }),
      },
      expect: adminOnly([201, 201, 400]),
    },
    "PATCH /api/time-entries/:id": {
      objects: byId((id) => `/api/time-entries/${id}`, (w, side) => w[side].timeEntries[0]!.id, () => ({ minutes: 60 })),
      expect: adminOnly([200, 200, 404]),
    },
    "DELETE /api/time-entries/:id": {
      objects: {
        own: async (w) => ({ path: `/api/time-entries/${(await throwawayTimeEntry(w, "a")).id}` }),
        foreign: async (w) => ({ path: `/api/time-entries/${(await throwawayTimeEntry(w, "b")).id}` }),
        missing: () => ({ path: `/api/time-entries/${missingId}` }),
      },
      expect: adminOnly([204, 204, 404]),
    },
    "POST /api/invoices/from-time": {
      objects: {
        own: (w) => billOneDay(w, "a"),
        foreign: (w) => billOneDay(w, "b"),
        "missing company": () => ({ path: "/api/invoices/from-time", json: { companyId: missingId, to: "2026-04-02" } }),
        "a day without time": (w) => ({ path: "/api/invoices/from-time", json: { companyId: w.a.company.id, from: "1980-01-01", to: "1980-01-01" } }),
      },
      expect: adminOnly([201, 201, 400, 409]),
    },
    "GET /api/projects/:id/comments": {
      objects: byId((id) => `/api/projects/${id}/comments`, (w, side) => w[side].projects[0]!.id),
      expect: tenantRecord(rows(a.projectComments), rows(b.projectComments)),
    },
    "GET /api/projects/:id/activity": {
      objects: byId((id) => `/api/projects/${id}/activity`, (w, side) => w[side].projects[0]!.id),
      // Created, and its one comment.
      expect: tenantRecord(rows(2), rows(2)),
    },
    "POST /api/projects/:id/comments": {
      objects: byId((id) => `/api/projects/${id}/comments`, (w, side) => w[side].projects[0]!.id, () => ({ content: "Matrix comment" })),
      expect: tenantRecord(201, 201),
    },

    "GET /api/team": fixed("/api/team", adminOnly([rows(1)])),
    "GET /api/team/invitations": fixed("/api/team/invitations", adminOnly([rows(0)])),
    "POST /api/team/invitations": {
      objects: { none: () => ({ path: "/api/team/invitations", json: { email: uniqueAddress() } }) },
      expect: adminOnly([201]),
    },

    // The admin Users page (ADR 020): every account, whoever's company; customers get 403.
    "GET /api/users": {
      objects: {
        "q=B's address": (w) => ({ path: `/api/users?q=${encodeURIComponent(w.users.customerB.email)}` }),
        "q=nobody": () => ({ path: "/api/users?q=no-such-account-anywhere" }),
      },
      expect: adminOnly([rows(1), rows(0)]),
    },
    "POST /api/users/:id/password-reset": { ...userAction("password-reset"), expect: adminOnly([202, 202, 404]) },
    "POST /api/users/:id/sign-out": userAction("sign-out"),
    "POST /api/users/:id/deactivate": userAction("deactivate"),
    "POST /api/users/:id/reactivate": userAction("reactivate"),
    // Role as it is: a customer stays a customer.
    "PUT /api/users/:id/role": userAction("role", () => ({ role: "customer" })),
    // Each throwaway moves to the other company as a member.
    "PUT /api/users/:id/company": userAction("company", (w, side) => ({ companyId: w[side === "a" ? "b" : "a"].company.id })),
    "POST /api/users/:id/remove-two-factor": userAction("remove-two-factor", () => ({ identityVerified: true }), { twoFactorEnabled: true }),

    "GET /api/signup-policy": fixed("/api/signup-policy", same(200)),
    // The world has an admin, so the first-run setup is closed for everyone (ADR 021).
    "GET /api/setup": fixed("/api/setup", same(404)),
    "POST /api/setup/owner": {
      objects: { none: () => ({ path: "/api/setup/owner", json: { name: "Matrix Owner", email: uniqueAddress(), password: "amber-meadow-5", code: "0000-0000" } }) },
      expect: same(404),
    },
    // The brand the server was started with: the world's mail and pages stay as they were.
    "PUT /api/settings/brand": {
      objects: { none: () => ({ path: "/api/settings/brand", json: { brandName: "Portico" } }) },
      expect: adminOnly([200]),
    },
    "POST /api/invitations/preview": {
      // Public; only a mailed token tells anything, and a made-up one is a 400 naming the token.
      objects: {
        "made-up token": () => ({ path: "/api/invitations/preview", json: { token: "M".repeat(43) } }),
        "malformed token": () => ({ path: "/api/invitations/preview", json: { token: "../../etc/passwd" } }),
      },
      expect: same(400, 2),
    },
    "POST /api/invitations/accept": {
      objects: { "made-up token": () => ({ path: "/api/invitations/accept", json: { token: "M".repeat(43) } }) },
      expect: { ...same(400), anonymous: [401] },
    },
    "GET /api/companies/:id/team": {
      objects: byId((id) => `/api/companies/${id}/team`, (w, side) => w[side].company.id),
      expect: tenantRecord(200, 200),
    },
    "POST /api/companies/:id/invitations": {
      objects: byId((id) => `/api/companies/${id}/invitations`, (w, side) => w[side].company.id, () => ({ email: uniqueAddress(), role: "member" })),
      expect: { ...teamWrite(201), memberA: [403, 404, 404] },
    },
    "PATCH /api/companies/:id/members/:userId": {
      // Roles set to what they are: the world stays as built for the other cells.
      objects: {
        own: (w) => ({ path: `/api/companies/${w.a.company.id}/members/${w.users.memberA.id}`, json: { role: "member" } }),
        foreign: (w) => ({ path: `/api/companies/${w.b.company.id}/members/${w.users.customerB.id}`, json: { role: "owner" } }),
        missing: (w) => ({ path: `/api/companies/${w.a.company.id}/members/${missingId}`, json: { role: "member" } }),
      },
      expect: teamWrite(200),
    },
    "DELETE /api/companies/:id/members/:userId": {
      objects: {
        own: async (w) => ({ path: `/api/companies/${w.a.company.id}/members/${await throwawayMember(w, "a")}` }),
        foreign: async (w) => ({ path: `/api/companies/${w.b.company.id}/members/${await throwawayMember(w, "b")}` }),
        missing: (w) => ({ path: `/api/companies/${w.a.company.id}/members/${missingId}` }),
      },
      expect: teamWrite(204),
    },
    "POST /api/invitations/:id/resend": {
      objects: {
        own: async (w) => ({ path: `/api/invitations/${await pendingInvitation(w, "a")}/resend`, json: {} }),
        foreign: async (w) => ({ path: `/api/invitations/${await pendingInvitation(w, "b")}/resend`, json: {} }),
        missing: () => ({ path: `/api/invitations/${missingId}/resend`, json: {} }),
      },
      expect: { ...teamWrite(200), memberA: [403, 404, 404] },
    },
    "DELETE /api/invitations/:id": {
      objects: {
        own: async (w) => ({ path: `/api/invitations/${await pendingInvitation(w, "a")}` }),
        foreign: async (w) => ({ path: `/api/invitations/${await pendingInvitation(w, "b")}` }),
        missing: () => ({ path: `/api/invitations/${missingId}` }),
      },
      expect: { ...teamWrite(204), memberA: [403, 404, 404] },
    },

    // Notifications (ADR 029): each user's own mail choices, for the kinds of their role only.
    "GET /api/notifications/preferences": fixed("/api/notifications/preferences", { ...same(200), anonymous: [401] }),
    "PUT /api/notifications/preferences": {
      // Each kind set to its default: later cells see the world's mail as built.
      objects: {
        "a customer kind": () => ({ path: "/api/notifications/preferences", json: { items: [{ kind: "invoice_issued", delivery: "digest" }] } }),
        "an admin kind": () => ({ path: "/api/notifications/preferences", json: { items: [{ kind: "ticket_created", delivery: "digest" }] } }),
      },
      expect: customersAndAdmin([200, 400], [200, 400], [200, 400], [400, 200]),
    },
    // Public: the signed token of a mailed link is the whole authority, so every caller, signed in
    // or not, gets the same answer; a made-up or malformed one is a 400 naming `token`.
    "GET /api/notifications/unsubscribe": { objects: unsubscribeLinks(), expect: tokenDecides },
    "POST /api/notifications/unsubscribe": { objects: unsubscribeLinks(), expect: tokenDecides },

    "GET /api/outbox": {
      objects: {
        none: () => ({ path: "/api/outbox" }),
        "status=failed": () => ({ path: "/api/outbox?status=failed" }),
        "q=B's address": (w) => ({ path: `/api/outbox?q=${encodeURIComponent(w.users.customerB.email)}` }),
      },
      expect: adminOnly([rows(worldOutboxMails), rows(0), rows(1)]),
    },

    // Nothing is received while the matrix runs (mail in is off in its world).
    "GET /api/inbound/mails": fixed("/api/inbound/mails", adminOnly([rows(0)])),
    // Public: the provider's bearer token is its whole authority, so a session counts for nothing;
    // with mail in off the endpoint is not there for anyone, before any token is read.
    "POST /api/inbound/mail": {
      objects: { "raw mail": () => ({ path: "/api/inbound/mail", json: { raw: "From: a@example.com" } }) },
      expect: same(404),
    },

    // The run's own sign-ins fill the log, so the admin's answer is a 200 of any length.
    "GET /api/audit": {
      objects: {
        none: () => ({ path: "/api/audit" }),
        "actor=B's address": (w) => ({ path: `/api/audit?actor=${encodeURIComponent(w.users.customerB.email)}` }),
        "kind=unknown": () => ({ path: "/api/audit?kind=unknown" }),
      },
      expect: adminOnly([200, 200, 400]),
    },

    "GET /api/audit/export": {
      objects: {
        none: () => ({ path: "/api/audit/export?kind=auth.sign_in" }),
        "from after to": () => ({ path: "/api/audit/export?from=2026-02-02&to=2026-02-01" }),
      },
      expect: adminOnly([200, 400]),
    },

    // The access log (ADR 050): a company's owners read their own company's (a companyId of another
    // is ignored), members only when an owner allows (none does in the world), staff name the
    // company. The run's own admin cells fill the logs as they go, so a 200 of any length; that
    // nothing of B's reaches A is the canary scan's.
    "GET /api/access-log": {
      objects: {
        none: () => ({ path: "/api/access-log" }),
        "companyId=own": (w) => ({ path: `/api/access-log?companyId=${w.a.company.id}` }),
        "companyId=foreign": (w) => ({ path: `/api/access-log?companyId=${w.b.company.id}` }),
        "recordType=unknown": () => ({ path: "/api/access-log?recordType=unknown" }),
      },
      expect: accessLogReaders([200, 200, 200, 400], [400, 200, 200, 400]),
    },
    "GET /api/access-log/people": {
      objects: {
        none: () => ({ path: "/api/access-log/people" }),
        "companyId=foreign": (w) => ({ path: `/api/access-log/people?companyId=${w.b.company.id}` }),
      },
      expect: accessLogReaders([200, 200], [400, 200]),
    },
    "GET /api/access-log/export": {
      objects: {
        none: () => ({ path: "/api/access-log/export" }),
        "companyId=foreign": (w) => ({ path: `/api/access-log/export?companyId=${w.b.company.id}` }),
      },
      expect: accessLogReaders([200, 200], [400, 200]),
    },
    "GET /api/access-log/signed-export": {
      objects: {
        none: () => ({ path: "/api/access-log/signed-export" }),
        "companyId=foreign": (w) => ({ path: `/api/access-log/signed-export?companyId=${w.b.company.id}` }),
      },
      expect: accessLogReaders([200, 200], [400, 200]),
    },
    "GET /api/access-log/verify": {
      objects: {
        none: () => ({ path: "/api/access-log/verify" }),
        "companyId=foreign": (w) => ({ path: `/api/access-log/verify?companyId=${w.b.company.id}` }),
      },
      expect: accessLogReaders([200, 200], [400, 200]),
    },
    // One key for the whole installation: nothing of any company in it.
    "GET /api/access-log/public-key": fixed("/api/access-log/public-key", { ...same(200), anonymous: [401] }),

    // The overviews (ADR 035). A customer's companyId is ignored (their own company's, which
    // overview.test.ts checks row by row); an admin must name the company; no company is a 404.
    "GET /api/overview/company": {
      objects: {
        none: () => ({ path: "/api/overview/company" }),
        "companyId=own": (w) => ({ path: `/api/overview/company?companyId=${w.a.company.id}` }),
        "companyId=foreign": (w) => ({ path: `/api/overview/company?companyId=${w.b.company.id}` }),
        "companyId=missing": () => ({ path: `/api/overview/company?companyId=${missingId}` }),
      },
      expect: customersAndAdmin([200, 200, 200, 200], [200, 200, 200, 200], [404, 404, 404, 404], [400, 200, 200, 404]),
    },
    "GET /api/overview/work-queue": fixed("/api/overview/work-queue", adminOnly([200])),

    // The command palette (ADR 046): in everyone's own scope, which search.test.ts and the canary
    // scan (every canary as a search) check record by record; an empty search is a 400 naming `q`.
    "GET /api/search": {
      objects: {
        "q=A's ticket title": () => ({ path: "/api/search?q=Login" }),
        "q=B's ticket title": (w) => ({ path: `/api/search?q=${encodeURIComponent(w.canaries.find((canary) => canary.endsWith("-ticket-title"))!)}` }),
        "q=empty": () => ({ path: "/api/search?q=" }),
      },
      expect: customersAndAdmin([200, 200, 400], [200, 200, 400], [200, 200, 400], [200, 200, 400]),
    },

    "GET /api/tickets": {
      objects: {
        none: () => ({ path: "/api/tickets" }),
        "companyId=own": (w) => ({ path: `/api/tickets?companyId=${w.a.company.id}` }),
        "companyId=foreign": (w) => ({ path: `/api/tickets?companyId=${w.b.company.id}` }),
        "projectId=foreign": (w) => ({ path: `/api/tickets?projectId=${w.b.projects[0]!.id}` }),
        "companyId=foreign&assignedTo=unassigned": (w) => ({ path: `/api/tickets?companyId=${w.b.company.id}&assignedTo=unassigned` }),
        "q=#foreign number": async (w) => ({ path: `/api/tickets?q=${encodeURIComponent(`#${await ticketNumber(w, w.b.tickets[0]!.id)}`)}` }),
      },
      // A customer's list is always their company's: companyId is ignored for them, and a search
      // by another company's ticket number finds nothing.
      expect: customersAndAdmin(
        [rows(a.tickets), rows(a.tickets), rows(a.tickets), rows(0), rows(a.tickets), rows(0)],
        [rows(b.tickets), rows(b.tickets), rows(b.tickets), rows(b.tickets), rows(b.tickets), rows(1)],
        [rows(0), rows(0), rows(0), rows(0), rows(0), rows(0)],
        [rows(a.tickets + b.tickets), rows(a.tickets), rows(b.tickets), rows(b.tickets), rows(b.tickets), rows(1)],
      ),
    },
    "GET /api/tickets/status-counts": {
      objects: {
        none: () => ({ path: "/api/tickets/status-counts" }),
        "companyId=foreign": (w) => ({ path: `/api/tickets/status-counts?companyId=${w.b.company.id}` }),
        "projectId=foreign": (w) => ({ path: `/api/tickets/status-counts?projectId=${w.b.projects[0]!.id}` }),
      },
      // The counts add up to the tickets the list shows the same actor.
      expect: customersAndAdmin(
        [counted(a.tickets), counted(a.tickets), counted(0)],
        [counted(b.tickets), counted(b.tickets), counted(b.tickets)],
        [counted(0), counted(0), counted(0)],
        [counted(a.tickets + b.tickets), counted(b.tickets), counted(b.tickets)],
      ),
    },
    "GET /api/tickets/:id": {
      objects: byId((id) => `/api/tickets/${id}`, (w, side) => w[side].tickets[0]!.id),
      expect: tenantRecord(200, 200),
    },
    "POST /api/tickets": {
      objects: {
        own: (w) => ({ path: "/api/tickets", json: { projectId: w.a.projects[0]!.id, title: "Matrix ticket" } }),
        foreign: (w) => ({ path: "/api/tickets", json: { projectId: w.b.projects[0]!.id, title: "Matrix ticket" } }),
        missing: () => ({ path: "/api/tickets", json: { projectId: missingId, title: "Matrix ticket" } }),
      },
      // A project the caller may not use is a wrong field of the body: 400 naming projectId.
      expect: customersAndAdmin([201, 400, 400], [400, 201, 400], [400, 400, 400], [201, 201, 400]),
    },
    "PATCH /api/tickets/:id": {
      objects: byId((id) => `/api/tickets/${id}`, (w, side) => w[side].tickets[0]!.id, () => ({ priority: "urgent" })),
      expect: adminOnly([200, 200, 404]),
    },
    // Admins only; opening a ticket twice is no error.
    "POST /api/tickets/:id/seen": {
      objects: byId((id) => `/api/tickets/${id}/seen`, (w, side) => w[side].tickets[0]!.id, () => ({})),
      expect: adminOnly([200, 200, 404]),
    },
    // A's first ticket carries the team's internal note (world.aNote): in the admin's thread only.
    "GET /api/tickets/:id/comments": {
      objects: byId((id) => `/api/tickets/${id}/comments`, (w, side) => w[side].tickets[0]!.id),
      expect: customersAndAdmin(
        [rows(a.ticketComments), 404, 404],
        [404, rows(b.ticketComments), 404],
        [404, 404, 404],
        [rows(a.ticketComments + aNotes), rows(b.ticketComments), 404],
      ),
    },
    "GET /api/tickets/:id/activity": {
      objects: byId((id) => `/api/tickets/${id}/activity`, (w, side) => w[side].tickets[0]!.id),
      // Created, its two comments, and its file; for the admin on A's also the note and the note's file.
      expect: customersAndAdmin([rows(4), 404, 404], [404, rows(4), 404], [404, 404, 404], [rows(4 + 2 * aNotes), rows(4), 404]),
    },
    "POST /api/tickets/:id/comments": {
      objects: {
        ...byId((id) => `/api/tickets/${id}/comments`, (w, side) => w[side].tickets[0]!.id, () => ({ content: "Matrix comment" })),
        "own, internal": (w) => ({ path: `/api/tickets/${w.a.tickets[0]!.id}/comments`, json: { content: "Matrix note", internal: true } }),
      },
      // A customer may read the ticket but write no internal note on it: 403.
      expect: customersAndAdmin([201, 404, 404, 403], [404, 201, 404, 404], [404, 404, 404, 404], [201, 201, 404, 201]),
    },

    "GET /api/invoices": {
      objects: {
        none: () => ({ path: "/api/invoices" }),
        "companyId=own": (w) => ({ path: `/api/invoices?companyId=${w.a.company.id}` }),
        "companyId=foreign": (w) => ({ path: `/api/invoices?companyId=${w.b.company.id}` }),
      },
      expect: customersAndAdmin(
        [rows(a.invoices), rows(a.invoices), rows(a.invoices)],
        [rows(b.invoices), rows(b.invoices), rows(b.invoices)],
        [rows(0), rows(0), rows(0)],
        [rows(a.invoices + aDrafts + b.invoices), rows(a.invoices + aDrafts), rows(b.invoices)],
      ),
    },
    "GET /api/invoices/export": {
      objects: {
        none: () => ({ path: "/api/invoices/export" }),
        "companyId=own": (w) => ({ path: `/api/invoices/export?companyId=${w.a.company.id}` }),
        "companyId=foreign": (w) => ({ path: `/api/invoices/export?companyId=${w.b.company.id}` }),
      },
      expect: adminOnly([csvRows(a.invoices + aDrafts + b.invoices), csvRows(a.invoices + aDrafts), csvRows(b.invoices)]),
    },
    // Declared before /:id; a suggestion only admins get.
    "GET /api/invoices/next-number": fixed("/api/invoices/next-number", adminOnly([200])),
    "GET /api/invoices/balance": {
      objects: {
        none: () => ({ path: "/api/invoices/balance" }),
        "companyId=own": (w) => ({ path: `/api/invoices/balance?companyId=${w.a.company.id}` }),
        "companyId=foreign": (w) => ({ path: `/api/invoices/balance?companyId=${w.b.company.id}` }),
      },
      // A customer's companyId is ignored (their own company's balance, which invoices.test.ts checks);
      // an admin must name the company.
      expect: customersAndAdmin([200, 200, 200], [200, 200, 200], [200, 200, 200], [400, 200, 200]),
    },
    "GET /api/invoices/:id": {
      objects: { ...byId((id) => `/api/invoices/${id}`, ownInvoiceWithPdf), "own draft": (w) => ({ path: `/api/invoices/${w.aDraft.invoiceId}` }) },
      // A's draft is A's members' no more than B's: 404 as for any record they may not see.
      expect: customersAndAdmin([200, 404, 404, 404], [404, 200, 404, 404], [404, 404, 404, 404], [200, 200, 404, 200]),
    },
    "GET /api/invoices/:id/activity": {
      objects: { ...byId((id) => `/api/invoices/${id}/activity`, ownInvoiceWithPdf), "own draft": (w) => ({ path: `/api/invoices/${w.aDraft.invoiceId}/activity` }) },
      // Each issued invoice was created; the draft also had its PDF attached, for the admin's eyes only.
      expect: customersAndAdmin([rows(1), 404, 404, 404], [404, rows(1), 404, 404], [404, 404, 404, 404], [rows(1), rows(1), 404, rows(2)]),
    },
    "GET /api/invoices/:id/pdf": {
      objects: {
        ...byId((id) => `/api/invoices/${id}/pdf`, ownInvoiceWithPdf),
        // Portico renders it (ADR 025): stored by the first of these requests, served to the rest.
        "own without PDF": (w) => ({ path: `/api/invoices/${w.a.invoices[1]!.id}/pdf` }),
        "own with a stored PDF": (w) => ({ path: `/api/invoices/${w.a.invoices[2]!.id}/pdf` }),
        "own draft with a stored PDF": (w) => ({ path: `/api/invoices/${w.aDraft.invoiceId}/pdf` }),
      },
      // Without a PDF of its own an issued invoice gets the one Portico renders (bill-pdf); a draft's
      // stored PDF is its admins' only (bill-core).
      expect: customersAndAdmin(
        [302, 404, 404, 200, 200, 404],
        [404, 302, 404, 404, 404, 404],
        [404, 404, 404, 404, 404, 404],
        [302, 302, 404, 200, 200, 200],
      ),
    },
    "PUT /api/invoices/:id/pdf": {
      objects: {
        own: async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "a")}/pdf`, upload: matrixPdf }),
        foreign: async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "b")}/pdf`, upload: matrixPdf }),
        missing: () => ({ path: `/api/invoices/${missingId}/pdf`, upload: matrixPdf }),
      },
      expect: adminOnly([200, 200, 404]),
    },
    "DELETE /api/invoices/:id/pdf": {
      objects: {
        own: async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "a")}/pdf` }),
        foreign: async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "b")}/pdf` }),
        missing: () => ({ path: `/api/invoices/${missingId}/pdf` }),
      },
      expect: adminOnly([200, 200, 404]),
    },

    // Files (ADR 022): seen by whoever sees their record; deleted by their uploader or an admin.
    "GET /api/files/:id": {
      objects: {
        ...byId((id) => `/api/files/${id}`, (w, side) => w[side].files[0]!.id),
        "own draft's PDF": (w) => ({ path: `/api/files/${w.aDraft.fileId}` }),
        "own internal note's file": (w) => ({ path: `/api/files/${w.aNote.fileId}` }),
      },
      expect: customersAndAdmin([200, 404, 404, 404, 404], [404, 200, 404, 404, 404], [404, 404, 404, 404, 404], [200, 200, 404, 200, 200]),
    },
    "DELETE /api/files/:id": {
      objects: {
        own: async (w) => ({ path: `/api/files/${await throwawayFile(w, "a")}` }),
        foreign: async (w) => ({ path: `/api/files/${await throwawayFile(w, "b")}` }),
        missing: () => ({ path: `/api/files/${missingId}` }),
      },
      expect: { ...tenantRecord(204, 204), memberA: [403, 404, 404] },
    },
    "POST /api/tickets/:id/files": {
      objects: uploadTo((w, side) => `/api/tickets/${side === "missing" ? missingId : w[side].tickets[0]!.id}/files`),
      expect: tenantRecord(201, 201),
    },
    "POST /api/tickets/:id/comments/:commentId/files": {
      objects: {
        ...uploadTo((w, side) =>
          side === "missing"
            ? `/api/tickets/${w.a.tickets[0]!.id}/comments/${missingId}/files`
            : `/api/tickets/${w[side].tickets[0]!.id}/comments/${w[side].ticketComments[0]!.id}/files`,
        ),
        // The team's internal note is missing to every customer, its company's too.
        "own internal note": (w) => ({ path: `/api/tickets/${w.aNote.ticketId}/comments/${w.aNote.id}/files`, upload: matrixText }),
      },
      expect: {
        anonymous: [401, 401, 401, 401],
        customerA: [201, 404, 404, 404],
        memberA: [403, 404, 404, 404],
        customerB: [404, 201, 404, 404],
        loner: [404, 404, 404, 404],
        admin: [201, 201, 404, 201],
      },
    },
    "POST /api/projects/:id/comments/:commentId/files": {
      objects: uploadTo((w, side) =>
        side === "missing"
          ? `/api/projects/${w.a.projects[0]!.id}/comments/${missingId}/files`
          : `/api/projects/${w[side].projects[0]!.id}/comments/${w[side].projectComments[0]!.id}/files`,
      ),
      expect: authorsUpload(),
    },
    "POST /api/messages/:id/files": {
      objects: uploadTo((w, side) => `/api/messages/${side === "missing" ? missingId : w[side].messages[0]!.id}/files`),
      expect: authorsUpload(),
    },
    "POST /api/invoices": {
      objects: {
        own: (w) => ({ path: "/api/invoices", json: invoiceBody(w.a.company.id) }),
        foreign: (w) => ({ path: "/api/invoices", json: invoiceBody(w.b.company.id) }),
        missing: () => ({ path: "/api/invoices", json: invoiceBody(missingId) }),
      },
      expect: adminOnly([201, 201, 400]),
    },
    "PATCH /api/invoices/:id": {
      objects: byId((id) => `/api/invoices/${id}`, ownInvoiceWithPdf, () => ({ status: "paid" })),
      expect: adminOnly([200, 200, 404]),
    },
    "POST /api/invoices/:id/reissue": {
      objects: {
        own: async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "a")}/reissue` }),
        foreign: async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "b")}/reissue` }),
        missing: () => ({ path: `/api/invoices/${missingId}/reissue` }),
        "own draft": async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "a", "draft")}/reissue` }),
      },
      expect: adminOnly([201, 201, 404, 409]),
    },
    "DELETE /api/invoices/:id": {
      objects: {
        own: async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "a", "draft")}` }),
        foreign: async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "b", "draft")}` }),
        missing: () => ({ path: `/api/invoices/${missingId}` }),
        "own issued": async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "a")}` }),
      },
      expect: adminOnly([204, 204, 404, 409]),
    },

    // Payments (ADR 043): recorded and removed by admins only; customers see them in the invoice's detail.
    "POST /api/invoices/:id/payments": {
      objects: {
        own: async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "a")}/payments`, json: paymentBody }),
        foreign: async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "b")}/payments`, json: paymentBody }),
        missing: () => ({ path: `/api/invoices/${missingId}/payments`, json: paymentBody }),
        "own draft": async (w) => ({ path: `/api/invoices/${await throwawayInvoice(w, "a", "draft")}/payments`, json: paymentBody }),
      },
      expect: adminOnly([201, 201, 404, 409]),
    },
    "DELETE /api/invoices/:id/payments/:paymentId": {
      objects: {
        own: async (w) => {
          const { invoiceId, paymentId } = await throwawayPayment(w, "a");
          return { path: `/api/invoices/${invoiceId}/payments/${paymentId}` };
        },
        foreign: async (w) => {
          const { invoiceId, paymentId } = await throwawayPayment(w, "b");
          return { path: `/api/invoices/${invoiceId}/payments/${paymentId}` };
        },
        missing: async (w) => ({ path: `/api/invoices/${(await throwawayPayment(w, "a")).invoiceId}/payments/${missingId}` }),
        "own online payment": async (w) => {
          const { invoiceId, paymentId } = await throwawayPayment(w, "a", "stripe");
          return { path: `/api/invoices/${invoiceId}/payments/${paymentId}` };
        },
      },
      expect: adminOnly([200, 200, 404, 409]),
    },
    // The world has no payments while the reads run.
    "GET /api/payments/export": fixed("/api/payments/export", adminOnly([csvRows(0)])),
    // Paying online is the invoice's customer's; the world runs without PAYMENTS, so no member of
    // any company gets a checkout: 404, as for an invoice they do not see, and nothing is opened.
    // An admin is refused first (403); a malformed id fails the params before the handler (400).
    "POST /api/invoices/:id/checkout": {
      objects: {
        ...byId((id) => `/api/invoices/${id}/checkout`, ownInvoiceWithPdf, () => ({})),
        "malformed id": () => ({ path: "/api/invoices/not-an-id/checkout", json: {} }),
      },
      expect: customersAndAdmin([404, 404, 404, 400], [404, 404, 404, 400], [404, 404, 404, 400], [403, 403, 403, 400]),
    },
    // Public: Stripe's signature is its whole authority, so a session counts for nothing; with
    // online payment off the endpoint is not there for anyone, before any signature is read.
    "POST /api/payments/stripe/webhook": {
      objects: { "unsigned event": () => ({ path: "/api/payments/stripe/webhook", json: { id: "evt_matrix", type: "checkout.session.completed" } }) },
      expect: same(404),
    },
  };
}

const invoiceBody = (companyId: string) => ({ companyId, invoiceNumber: uniqueInvoiceNumber(), amount: "10.00", subtotal: "10.00", tax: "0.00", issueDate: "2026-04-01" });

/** One cell: who asks for what, and what they must get. */
export interface Cell {
  route: string;
  method: string;
  object: string;
  actor: CellActor;
  /** Whose request the cell builds: the actor itself, or for a token the session actor it stands in for. */
  buildAs: ActorName;
  expect: Expect;
  build: Build;
  last: boolean;
}

export function cellsOf(matrix: Record<string, MatrixRow>): Cell[] {
  const cells: Cell[] = [];
  for (const [route, row] of Object.entries(matrix)) {
    const objectNames = Object.keys(row.objects);
    for (const actor of actorNames) {
      objectNames.forEach((object, index) => {
        const expect = typeof row.expect === "function" ? row.expect(actor, object) : row.expect[actor][index];
        if (expect === undefined) throw new Error(`${route}: no expectation for ${actor} × ${object}`);
        // "ALL /api/*" names the method in the object ("GET unknown").
        const method = route.startsWith("ALL ") ? object.split(" ")[0]! : route.split(" ")[0]!;
        cells.push({ route, method, object, actor, buildAs: actor, expect, build: row.objects[object]!, last: row.last ?? false });
      });
    }
  }
  return [...cells, ...tokenCellsOf(matrix, cells)];
}

/**
 * The token actors' cells (ADR 030), each built as its maker's request. A row that states the
 * tokens' answer (the account-level routes: 401 for every token) gives it; otherwise it is derived
 * from the maker's cell so that no row can forget them. Where a session is not asked for (a public
 * route, Better Auth's own, anything outside /api) a token counts for nothing: the token actors get
 * what the anonymous caller gets. Behind the session guard a revoked token gets 401, a read-only
 * token 403 on every write, and otherwise a token gets exactly what its maker gets.
 */
function tokenCellsOf(matrix: Record<string, MatrixRow>, sessionCells: Cell[]): Cell[] {
  const key = (cell: Pick<Cell, "route" | "object" | "actor">) => `${cell.route} ${cell.object} ${cell.actor}`;
  const byKey = new Map(sessionCells.map((cell) => [key(cell), cell]));
  const cellOf = (cell: Cell, actor: ActorName) => byKey.get(key({ ...cell, actor }))!;
  return sessionCells
    .filter((cell) => cell.actor === "anonymous")
    .flatMap((anonymous) =>
      tokenActorNames.map((actor): Cell => {
        const makerCell = cellOf(anonymous, tokenMakers[actor]);
        const stated = matrix[anonymous.route]!.tokens;
        if (stated) return { ...makerCell, actor, expect: stated(actor, anonymous.object) };
        const behindSession = anonymous.expect === 401 && /^[A-Z]+ \/api\//.test(anonymous.route) && !anonymous.route.includes(" /api/auth/");
        if (!behindSession) return { ...anonymous, actor };
        return { ...makerCell, actor, expect: tokenExpectation(actor, makerCell) };
      }),
    );
}

function tokenExpectation(actor: TokenActorName, makerCell: Cell): Expect {
  if (actor === "revokedTokenA") return 401;
  if ((actor === "readTokenA" || actor === "readTokenAdmin") && makerCell.method !== "GET") return 403;
  return makerCell.expect;
}

/** Sanity of the table itself: every actor has exactly one expectation per object. */
export function malformedRows(matrix: Record<string, MatrixRow>): string[] {
  const problems: string[] = [];
  for (const route of Object.keys(matrix)) {
    if (ACCOUNT_LEVEL_PATH.test(route) && !accountLevelRoutes.includes(route)) problems.push(`${route}: on an account-level surface but not in accountLevelRoutes`);
  }
  for (const [route, row] of Object.entries(matrix)) {
    if (typeof row.expect === "function") continue;
    const n = Object.keys(row.objects).length;
    for (const actor of actorNames) {
      if (row.expect[actor]?.length !== n) problems.push(`${route}: ${actor} has ${row.expect[actor]?.length} expectations for ${n} objects`);
    }
  }
  return problems;
}

/** Sends a cell's request as its actor (never through a TestClient, so no cookie jar changes). */
export async function runCell(world: World, cell: Cell, options: { streamMs?: number } = {}): Promise<Sent> {
  const request = await cell.build(world, cell.buildAs);
  // A token actor sends its token and never a cookie (not even a cell's throwaway session).
  const token = isTokenActor(cell.actor) ? world.tokens[cell.actor] : undefined;
  return send(world.server.baseUrl, request.path, {
    method: cell.method,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : { cookie: "cookie" in request ? request.cookie : world.cookie(cell.actor as ActorName) }),
    ...(request.json === undefined ? {} : { json: request.json }),
    ...(request.upload === undefined ? {} : { form: uploadForm(request.upload) }),
    ...(options.streamMs ? { streamMs: options.streamMs } : {}),
  });
}

/** Why a response does not meet its cell's expectation, or undefined when it does. */
export function mismatch(cell: Cell, response: Sent): string | undefined {
  const label = `${cell.route} [${cell.object}] as ${cell.actor}`;
  const expected = typeof cell.expect === "number" ? { status: cell.expect } : cell.expect;
  if (response.status !== expected.status) {
    return `${label}: expected ${expected.status}, got ${response.status} ${response.text.slice(0, 160)}`;
  }
  // A counts answer, or any list route's answer: an array, or a page of rows (shared/schemas/pagination.ts).
  const body = response.body as Record<string, unknown> | unknown[] | Page<unknown> | undefined;
  if ("counted" in expected) {
    // Nested counts (the unread counts' areas) add up too.
    const numbers = (value: unknown): number[] =>
      typeof value === "object" && value !== null ? Object.values(value).flatMap(numbers) : [typeof value === "number" ? value : Number.NaN];
    const values = typeof body === "object" && body !== null ? numbers(body) : [];
    const sum = values.reduce((total, value) => total + value, 0);
    return values.length > 0 && sum === expected.counted ? undefined : `${label}: expected counts adding up to ${expected.counted}, got ${response.text.slice(0, 160)}`;
  }
  if ("csvRows" in expected) {
    // The world's invoice numbers and company names hold no line breaks: one line per row.
    const lines = response.text.split("\n").filter((line) => line !== "").length - 1;
    return lines === expected.csvRows ? undefined : `${label}: expected ${expected.csvRows} CSV rows, got ${lines}`;
  }
  if (!("rows" in expected)) return undefined;
  const page = body as unknown[] | Page<unknown> | undefined;
  const list = Array.isArray(page) ? page : page?.items;
  if (!Array.isArray(list)) return `${label}: expected a list, got ${response.text.slice(0, 160)}`;
  if (list.length !== expected.rows) return `${label}: expected ${expected.rows} rows, got ${list.length}`;
  if (Array.isArray(page)) return undefined;
  // A keyset page (the audit log, activity) has no total: these lists fit one page, so no next one either.
  if ("nextCursor" in page!) return page.nextCursor === null ? undefined : `${label}: expected one page, got a nextCursor`;
  if (page!.total !== expected.rows) return `${label}: expected total ${expected.rows}, got ${page!.total}`;
  return undefined;
}
