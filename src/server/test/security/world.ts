import { randomUUID } from "node:crypto";
import { companyUsers, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { newWebhookSecret, sealWebhookSecret } from "@/server/modules/webhooks/webhook-secrets";
import { promoteToAdmin } from "@/server/accounts";
import type { TestServer } from "../harness";
import { UPLOAD_FIELD } from "@/shared/rules/file";
import { send } from "./http";

/**
 * The two-tenant world every security test runs against, built through the real API: company A
 * (two members) and company B (whose every text field carries a canary), a customer without a
 * company, an admin, and records of every kind on both sides. Counts differ between A and B so a
 * list that shows the wrong company's rows cannot pass by accident.
 */
export const actorNames = ["anonymous", "customerA", "memberA", "customerB", "loner", "admin"] as const;
export type ActorName = (typeof actorNames)[number];

/**
 * API tokens as callers (ADR 030), made through the API: A's owner's (customerA) read-write one,
 * read-only one and one revoked before the tests begin, and the admin's read-write and read-only
 * ones. The matrix derives what each must get from its maker's cells, except on the account-level
 * routes, whose rows state the tokens' answer themselves (matrix.ts `tokenCellsOf`).
 */
export const tokenActorNames = ["tokenA", "readTokenA", "revokedTokenA", "tokenAdmin", "readTokenAdmin"] as const;
export type TokenActorName = (typeof tokenActorNames)[number];
/** Who made each token actor's token: the token acts with that person's rights. */
export const tokenMakers = { tokenA: "customerA", readTokenA: "customerA", revokedTokenA: "customerA", tokenAdmin: "admin", readTokenAdmin: "admin" } as const satisfies Record<TokenActorName, ActorName>;
/** Whoever a security cell calls as: a session (or nobody), or an API token. */
export type CellActor = ActorName | TokenActorName;
export const isTokenActor = (actor: CellActor): actor is TokenActorName => (tokenActorNames as readonly string[]).includes(actor);

/** The actors on A's side of the wall (everyone but B's member and the admin; A's tokens too, not the admin's). */
export const actorsOutsideB = ["anonymous", "customerA", "memberA", "loner", "tokenA", "readTokenA", "revokedTokenA"] as const satisfies readonly CellActor[];

export interface TenantRecords {
  company: { id: string; name: string };
  projects: { id: string; slug: string }[];
  tickets: { id: string }[];
  ticketComments: { id: string }[];
  projectComments: { id: string }[];
  /** The first one has a PDF link; A's third a PDF stored in Portico. */
  invoices: { id: string; invoiceNumber: string; pdfUrl: string | null }[];
  messages: { id: string }[];
  /** Attached to the side's first ticket by its customer. */
  files: { id: string }[];
  /** Logged by the admin on the side's first project (ADR 047). */
  timeEntries: { id: string }[];
}

export interface WorldUser {
  id: string;
  email: string;
  password: string;
  name: string;
  /** The session cookie of the user's sign-up. */
  cookie: string;
}

export interface World {
  server: TestServer;
  users: Record<Exclude<ActorName, "anonymous">, WorldUser>;
  a: TenantRecords;
  b: TenantRecords;
  /**
   * A draft invoice of A's with a stored PDF (ADR 026): the provider's work in progress, which A's
   * own members never see either. Its number, notes and ids are canaries too.
   */
  aDraft: { invoiceId: string; fileId: string };
  /**
   * The team's internal note on A's first ticket, with a file attached: A's own members never see
   * either, nor hear of them. Its text, the file's and their ids are canaries too.
   */
  aNote: { id: string; ticketId: string; fileId: string };
  /**
   * The admins' webhook endpoint (ADR 031) with one delivery of B's, added after everything else
   * (so building the world recorded nothing for it). Nothing sends it: no job runs in the tests.
   */
  webhook: { endpointId: string; deliveryId: string };
  /** A recurring invoice of B's (ADR 048): the team's alone, its line and notes canaries too. */
  bRecurring: { id: string };
  /**
   * Quotes (ADR 049): A's sent one, A's draft (the team's until sent: its title is a canary), and
   * B's sent one, whose title, line, notes and terms are canaries.
   */
  quotes: { aSent: string; aDraft: string; bSent: string };
  /** Strings only B's data contains (every text field of B's records, B's user, and B's ids), and those of A's draft and A's internal note. */
  canaries: string[];
  /** Session cookie of an actor; undefined for the anonymous one. */
  cookie(actor: ActorName): string | undefined;
  /** The API token behind each token actor (ADR 030). */
  tokens: Record<TokenActorName, string>;
}

/** Mail in the outbox once the world is built (not a company's: only admins see it). */
export const worldOutboxMails = 1;

/** Expected list sizes, per company; the admin sees the sum. */
export const counts = {
  a: { projects: 2, tickets: 3, ticketComments: 2, projectComments: 1, invoices: 3, messages: 2 },
  b: { projects: 1, tickets: 1, ticketComments: 2, projectComments: 1, invoices: 1, messages: 2 },
} as const;

/**
 * A user signed up server-side, keeping the sign-up's session: one password hash per user (the
 * harness's createUser signs in again, a second one).
 */
async function newUser(server: TestServer, name: string, options: { email?: string; admin?: boolean } = {}): Promise<WorldUser> {
  const email = options.email ?? `${name.toLowerCase().replace(/\W+/g, ".")}-${randomUUID().slice(0, 8)}@example.test`;
  const password = "correct-horse-1";
  const signedUp = await server.deps.auth.api.signUpEmail({ body: { email, password, name }, returnHeaders: true });
  let headers = signedUp.headers;
  if (options.admin) {
    // A role change ends the user's sessions (drizzle/0007): sign in again as the admin.
    await promoteToAdmin(server.deps.db, signedUp.response.user.id);
    headers = (await server.deps.auth.api.signInEmail({ body: { email, password }, returnHeaders: true })).headers;
  }
  const response = signedUp.response;
  const cookie = headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(";")[0]!)
    .join("; ");
  return { id: response.user.id, email, password, name, cookie };
}

/** A request as `user` that must answer `status`; its body, as the route declares it. */
export async function ok<M extends string, P extends string>(
  server: TestServer,
  user: WorldUser,
  method: M,
  path: P,
  body?: unknown,
  status = 201,
) {
  const response = await send<P, M>(server.baseUrl, path, { method, cookie: user.cookie, ...(body === undefined ? {} : { json: body }) });
  if (response.status !== status) throw new Error(`${method} ${path} gave ${response.status} ${response.text}`);
  return response.body;
}

/** Uploads one file as `user` (multipart, as the web app sends it); its stored file. */
export async function uploadAs(server: TestServer, user: WorldUser, path: string, file: { name: string; type: string; content: string }, method = "POST") {
  const form = new FormData();
  form.append(UPLOAD_FIELD, new Blob([file.content], { type: file.type }), file.name);
  const response = await send(server.baseUrl, path, { method, cookie: user.cookie, form });
  if (response.status >= 300) throw new Error(`${method} ${path} gave ${response.status} ${response.text}`);
  return response.body as { id: string };
}

export async function buildWorld(server: TestServer): Promise<World> {
  const tag = randomUUID().slice(0, 8);
  const canary = (field: string) => `cnry-${tag}-${field}`;
  const [admin, customerA, memberA, customerB, loner] = await Promise.all([
    newUser(server, "Ada Admin", { admin: true }),
    newUser(server, "Alice Alpha"),
    newUser(server, "Arthur Alpha"),
    newUser(server, canary("customer-name"), { email: `${canary("customer")}@example.test` }),
    newUser(server, "Lou Loner"),
  ]);
  const users = { admin, customerA, memberA, customerB, loner };

  const companyA = (
    await ok(server, customerA, "PUT", "/api/companies/mine", {
      name: "Alpha Corp",
      contactName: "Alice Alpha",
      contactEmail: "alice@alpha.example",
      phone: "+1 555 0100",
      address: "1 Alpha Street",
    }, 201)
  ).company;
  await server.deps.db.insert(companyUsers).values({ userId: memberA.id, companyId: companyA.id });
  const companyB = (
    await ok(server, customerB, "PUT", "/api/companies/mine", {
      name: canary("company-name"),
      contactName: canary("contact-name"),
      contactEmail: `${canary("contact-email")}@example.test`,
      phone: canary("phone"),
      address: canary("address"),
    }, 201)
  ).company;

  const project = (companyId: string, body: Record<string, unknown>) => ok(server, admin, "POST", "/api/projects", { companyId, ...body });
  const a1 = await project(companyA.id, { name: "Alpha Website", description: "The public site" });
  const a2 = await project(companyA.id, { name: "Alpha App", status: "completed" });
  const b1 = await project(companyB.id, { name: canary("project-name"), description: canary("project-description") });

  const ticket = (user: WorldUser, projectId: string, body: Record<string, unknown>) =>
    ok(server, user, "POST", "/api/tickets", { projectId, priority: "high", ...body });
  const ta1 = await ticket(customerA, a1.id, { title: "Login is slow", description: "Takes ten seconds" });
  const ta2 = await ticket(customerA, a1.id, { title: "Typo on the home page" });
  const ta3 = await ticket(memberA, a2.id, { title: "Crash on start", description: "Android only" });
  const tb1 = await ticket(customerB, b1.id, { title: canary("ticket-title"), description: canary("ticket-description") });

  const comment = (user: WorldUser, kind: "tickets" | "projects", id: string, content: string) =>
    ok(server, user, "POST", `/api/${kind}/${id}/comments`, { content });
  const aTicketComments = [
    await comment(customerA, "tickets", ta1.id, "Still slow today"),
    await comment(admin, "tickets", ta1.id, "Looking into it"),
  ];
  const bTicketComments = [
    await comment(customerB, "tickets", tb1.id, canary("ticket-comment")),
    await comment(admin, "tickets", tb1.id, canary("ticket-reply")),
  ];
  const note = await ok(server, admin, "POST", `/api/tickets/${ta1.id}/comments`, { content: canary("internal-note"), internal: true });
  const noteFile = await uploadAs(server, admin, `/api/tickets/${ta1.id}/comments/${note.id}/files`, { name: `${canary("note-file-name")}.txt`, type: "text/plain", content: canary("note-file") });
  const aProjectComments = [await comment(customerA, "projects", a1.id, "Looks great")];
  const bProjectComments = [await comment(customerB, "projects", b1.id, canary("project-comment"))];

  const invoice = (companyId: string, body: Record<string, unknown>) =>
    ok(server, admin, "POST", "/api/invoices", { companyId, amount: "120.00", issueDate: "2026-03-01", ...body });
  const aInvoices = [
    await invoice(companyA.id, { invoiceNumber: `A-${tag}-1`, pdfUrl: "https://files.example/alpha-1.pdf" }),
    await invoice(companyA.id, { invoiceNumber: `A-${tag}-2` }),
  ];
  aInvoices.push(await invoice(companyA.id, { invoiceNumber: `A-${tag}-3` }));
  await uploadAs(server, admin, `/api/invoices/${aInvoices[2]!.id}/pdf`, { name: "alpha-3.pdf", type: "application/pdf", content: "%PDF-1.4\nAlpha's third invoice\n%%EOF\n" }, "PUT");
  const draft = await invoice(companyA.id, { invoiceNumber: canary("draft-number"), notes: canary("draft-notes"), status: "draft", amount: "999.00" });
  const draftPdf = (await uploadAs(server, admin, `/api/invoices/${draft.id}/pdf`, { name: "draft.pdf", type: "application/pdf", content: "%PDF-1.4\nA draft\n%%EOF\n" }, "PUT")) as unknown as {
    pdf: { id: string };
  };
  // B's invoice is priced by lines whose descriptions and notes are canaries: they must never reach A.
  const bInvoices = [
    await invoice(companyB.id, {
      invoiceNumber: canary("invoice-number"),
      pdfUrl: `https://files.example/${canary("pdf")}.pdf`,
      amount: undefined,
      lines: [
        { description: canary("invoice-line"), quantity: "2", unitPrice: "50.00", taxRate: "20" },
        { description: canary("invoice-line-2"), quantity: "1", unitPrice: "0.00" },
      ],
      notes: canary("invoice-notes"),
    }),
  ];

  const message = (user: WorldUser, body: Record<string, unknown>) => ok(server, user, "POST", "/api/messages", body);
  const aMessages = [await message(customerA, { content: "Hello from Alpha" }), await message(admin, { companyId: companyA.id, content: "Hi Alpha" })];
  const bMessages = [
    await message(customerB, { content: canary("message") }),
    await message(admin, { companyId: companyB.id, content: canary("message-reply") }),
  ];

  const aFiles = [await uploadAs(server, customerA, `/api/tickets/${ta1.id}/files`, { name: "alpha-notes.txt", type: "text/plain", content: "Alpha's notes" })];
  const bFiles = [await uploadAs(server, customerB, `/api/tickets/${tb1.id}/files`, { name: `${canary("file-name")}.txt`, type: "text/plain", content: canary("file-content") })];

  const timeEntry = (projectId: string, description: string) =>
    ok(server, admin, "POST", "/api/time-entries", { projectId, workDate: "2026-03-02", minutes: 90, description, rate: "100" }, 201);
  const aTimeEntries = [await timeEntry(a1.id, "Alpha design review")];
  const bTimeEntries = [await timeEntry(b1.id, canary("time-entry"))];

  const bRecurring = await ok(server, admin, "POST", "/api/recurring-invoices", {
    companyId: companyB.id,
    lines: [{ description: canary("recurring-line"), quantity: "1", unitPrice: "10.00" }],
    notes: canary("recurring-notes"),
    frequency: "monthly",
    dayOfMonth: 1,
    startDate: "2030-01-01",
  });

  const quote = async (companyId: string, texts: { title: string; line: string; notes?: string; terms?: string }, sent: boolean) => {
    const made = (await ok(server, admin, "POST", "/api/quotes", {
      companyId,
      title: texts.title,
      lines: [{ description: texts.line, quantity: "1", unitPrice: "100.00" }],
      notes: texts.notes,
      terms: texts.terms,
      validUntil: "2099-12-31",
    }, 201)) as { id: string };
    if (sent) await ok(server, admin, "POST", `/api/quotes/${made.id}/send`, undefined, 200);
    return made.id;
  };
  const quotes = {
    aSent: await quote(companyA.id, { title: "Alpha retainer", line: "Alpha support" }, true),
    aDraft: await quote(companyA.id, { title: canary("draft-quote-title"), line: canary("draft-quote-line") }, false),
    bSent: await quote(companyB.id, { title: canary("quote-title"), line: canary("quote-line"), notes: canary("quote-notes"), terms: canary("quote-terms") }, true),
  };

  // A's owner's API tokens, made and one revoked through the API like any owner would; the admin's.
  const token = async (maker: WorldUser, scope: string) => (await ok(server, maker, "POST", "/api/tokens", { name: `Matrix ${scope}`, scope, expiresInDays: 30 })) as { id: string; token: string };
  const [tokenA, readTokenA, revokedTokenA] = [await token(customerA, "read-write"), await token(customerA, "read"), await token(customerA, "read-write")];
  await ok(server, customerA, "DELETE", `/api/tokens/${revokedTokenA.id}`, undefined, 204);
  const [tokenAdmin, readTokenAdmin] = [await token(admin, "read-write"), await token(admin, "read")];

  // One mail in the outbox, a reset link for B's customer: only admins may read the outbox.
  const reset = await send(server.baseUrl, "/api/auth/request-password-reset", { method: "POST", json: { email: customerB.email } });
  if (reset.status !== 200) throw new Error(`reset request gave ${reset.status} ${reset.text}`);

  const pick = <T extends object, K extends keyof T>(rows: T[], ...keys: K[]) =>
    rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>);
  const a: TenantRecords = {
    company: { id: companyA.id, name: companyA.name },
    projects: pick([a1, a2], "id", "slug"),
    tickets: pick([ta1, ta2, ta3], "id"),
    ticketComments: pick(aTicketComments, "id"),
    projectComments: pick(aProjectComments, "id"),
    invoices: pick(aInvoices, "id", "invoiceNumber", "pdfUrl"),
    messages: pick(aMessages, "id"),
    files: pick(aFiles, "id"),
    timeEntries: pick(aTimeEntries, "id"),
  };
  const b: TenantRecords = {
    company: { id: companyB.id, name: companyB.name },
    projects: pick([b1], "id", "slug"),
    tickets: pick([tb1], "id"),
    ticketComments: pick(bTicketComments, "id"),
    projectComments: pick(bProjectComments, "id"),
    invoices: pick(bInvoices, "id", "invoiceNumber", "pdfUrl"),
    messages: pick(bMessages, "id"),
    files: pick(bFiles, "id"),
    timeEntries: pick(bTimeEntries, "id"),
  };
  const canaries = [
    ...[
      "customer-name",
      "customer",
      "company-name",
      "contact-name",
      "contact-email",
      "phone",
      "address",
      "project-name",
      "project-description",
      "ticket-title",
      "ticket-description",
      "ticket-comment",
      "ticket-reply",
      "project-comment",
      "invoice-number",
      "invoice-line",
      "invoice-line-2",
      "invoice-notes",
      "draft-number",
      "draft-notes",
      "pdf",
      "message",
      "message-reply",
      "file-name",
      "file-content",
      "internal-note",
      "note-file-name",
      "note-file",
      "time-entry",
      "recurring-line",
      "recurring-notes",
      "quote-title",
      "quote-line",
      "quote-notes",
      "quote-terms",
      "draft-quote-title",
      "draft-quote-line",
    ].map(canary),
    b1.slug,
    customerB.id,
    customerB.email,
    b.company.id,
    ...[b.projects, b.tickets, b.ticketComments, b.projectComments, b.invoices, b.messages, b.files, b.timeEntries].flat().map((row) => row.id),
    bRecurring.id,
    quotes.bSent,
    quotes.aDraft,
    draft.id,
    draftPdf.pdf.id,
    note.id,
    noteFile.id,
  ];
  const [endpoint] = await server.deps.db
    .insert(webhookEndpoints)
    .values({ url: "https://hooks.example.test/world", description: "World", eventTypes: ["ticket.created"], secret: sealWebhookSecret(server.env.AUTH_SECRET, newWebhookSecret()) })
    .returning({ id: webhookEndpoints.id });
  const [delivery] = await server.deps.db
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint!.id, eventType: "ticket.created", companyId: b.company.id, body: JSON.stringify({ type: "ticket.created", data: { ticketId: b.tickets[0]!.id, companyId: b.company.id } }) })
    .returning({ id: webhookDeliveries.id });
  return {
    server,
    users,
    a,
    b,
    aDraft: { invoiceId: draft.id, fileId: draftPdf.pdf.id },
    aNote: { id: note.id, ticketId: ta1.id, fileId: noteFile.id },
    bRecurring: { id: bRecurring.id },
    quotes,
    webhook: { endpointId: endpoint!.id, deliveryId: delivery!.id },
    canaries: [...new Set(canaries)],
    cookie: (actor) => (actor === "anonymous" ? undefined : users[actor].cookie),
    tokens: { tokenA: tokenA.token, readTokenA: readTokenA.token, revokedTokenA: revokedTokenA.token, tokenAdmin: tokenAdmin.token, readTokenAdmin: readTokenAdmin.token },
  };
}
