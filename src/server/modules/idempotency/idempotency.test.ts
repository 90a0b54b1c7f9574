import { randomUUID } from "node:crypto";
import { and, count, eq, isNotNull, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, files, invitations, invoices, messages, payments, projectComments, projects, quotes, recurringInvoices, ticketComments, tickets, timeEntries } from "@/server/db/schema";
import type { TestUser } from "@/server/test/harness";
import { addMember, customerWithProject, invoiceBody } from "@/server/test/fixtures";
import { formWith, pngBytes } from "@/server/test/files";
import { serverForFile } from "@/server/test/per-file";
import { IDEMPOTENCY_HEADER } from "./idempotency-key";

// One owner makes every customer create of the table: their posting limit (its own test is stored-input-bounds.test.ts) is raised.
const server = serverForFile(undefined, { WRITE_RATE_LIMIT: "1000" });

/** One answer: status and parsed body (a problem for a refusal). */
interface Answer {
  status: number;
  replayed: string | null;
  body: { id?: string; detail?: string; errors?: { field: string }[] } & Record<string, unknown>;
}

interface World {
  admin: TestUser;
  secondAdmin: TestUser;
  owner: TestUser;
  colleague: TestUser;
  /** A member the owner allowed to answer quotes (ADR 049). */
  quoteAnswerer: TestUser;
  companyId: string;
  projectId: string;
}

/** What one create route needs: a request to send (two variants: `a`, and `b` with another body), and how many rows a variant made. */
interface CreateRoute {
  operationId: string;
  actor: (world: World) => TestUser;
  /** Another caller who may make the same create. */
  other: (world: World) => TestUser;
  /** Per test: the parents the request needs, fresh (a reissue needs an invoice of its own). */
  prepare: (world: World) => Promise<Request>;
  /** The other caller's request must differ where the route refuses a second identical record (an invitation to one address). */
  otherSendsB?: boolean;
  /** The status of its success: 201 for a create, 200 for an answer to a record (a quote accepted). */
  succeeds?: number;
}

interface Request {
  send: (client: TestUser, variant: "a" | "b", key: string) => Promise<Answer>;
  /** Rows the variant made. */
  rows: (variant: "a" | "b") => Promise<number>;
}

const rowsWhere = async (table: PgTable, where: SQL | undefined) => (await server.deps.db.select({ n: count() }).from(table).where(where))[0]!.n;

async function sendJson(user: TestUser, path: string, body: unknown, key: string): Promise<Answer> {
  const response = await user.client.request("POST", path, body, { [IDEMPOTENCY_HEADER]: key });
  return { status: response.status, replayed: response.headers.get("idempotent-replayed"), body: response.body as Answer["body"] };
}

async function sendFile(user: TestUser, path: string, name: string, key: string): Promise<Answer> {
  const response = await user.client.raw(path, { method: "POST", body: formWith({ name, type: "image/png", bytes: pngBytes }), headers: { [IDEMPOTENCY_HEADER]: key } });
  return { status: response.status, replayed: response.headers.get("idempotent-replayed"), body: (await response.json()) as Answer["body"] };
}

/** A JSON create whose variants differ in one text field, counted by that field. */
function jsonCreate(path: string, body: (text: string) => unknown, table: PgTable, column: Parameters<typeof eq>[0]): Request {
  const texts = { a: `A ${randomUUID()}`, b: `B ${randomUUID()}` };
  return {
    send: (user, variant, key) => sendJson(user, path, body(texts[variant]), key),
    rows: (variant) => rowsWhere(table, eq(column, texts[variant])),
  };
}

/** An upload whose variants differ in the file's name, counted by name. */
function upload(path: string): Request {
  const names = { a: `a-${randomUUID()}.png`, b: `b-${randomUUID()}.png` };
  return { send: (user, variant, key) => sendFile(user, path, names[variant], key), rows: (variant) => rowsWhere(files, eq(files.name, names[variant])) };
}

async function newTicket(world: World) {
  const answer = await world.owner.client.post("/api/tickets", { projectId: world.projectId, title: "Parent ticket" });
  return answer.body.id;
}

/** The two callers of most creates: a customer and a colleague of the same company, or two admins. */
const customerAndColleague: Pick<CreateRoute, "actor" | "other"> = { actor: (w) => w.owner, other: (w) => w.colleague };
const twoAdmins: Pick<CreateRoute, "actor" | "other"> = { actor: (w) => w.admin, other: (w) => w.secondAdmin };

const routes: CreateRoute[] = [
  {
    operationId: "createTicket",
    ...customerAndColleague,
    prepare: async (w) => jsonCreate("/api/tickets", (title) => ({ projectId: w.projectId, title }), tickets, tickets.title),
  },
  {
    operationId: "createTicketComment",
    ...customerAndColleague,
    prepare: async (w) => jsonCreate(`/api/tickets/${await newTicket(w)}/comments`, (content) => ({ content }), ticketComments, ticketComments.content),
  },
  {
    operationId: "createProjectComment",
    ...customerAndColleague,
    prepare: async (w) => jsonCreate(`/api/projects/${w.projectId}/comments`, (content) => ({ content }), projectComments, projectComments.content),
  },
  {
    operationId: "sendMessage",
    ...customerAndColleague,
    prepare: async () => jsonCreate("/api/messages", (content) => ({ content }), messages, messages.content),
  },
  {
    operationId: "createProject",
    ...twoAdmins,
    prepare: async (w) => jsonCreate("/api/projects", (name) => ({ companyId: w.companyId, name }), projects, projects.name),
  },
  {
    operationId: "createCompany",
    ...twoAdmins,
    prepare: async () => jsonCreate("/api/companies", (name) => ({ name }), companies, companies.name),
  },
  {
    operationId: "createInvoice",
    ...twoAdmins,
    // The invoice number is unique: the other admin's identical body would be refused for that, so it sends its own.
    otherSendsB: true,
    prepare: async (w) => jsonCreate("/api/invoices", (notes) => invoiceBody(w.companyId, { invoiceNumber: `INV-${notes.slice(2, 14)}`, notes }), invoices, invoices.notes),
  },
  {
    operationId: "reissueInvoice",
    ...twoAdmins,
    // Takes no body: the variants are two invoices (another path is another request).
    prepare: async (w) => {
      const originals = { a: await issuedInvoice(w), b: await issuedInvoice(w) };
      return {
        send: (user, variant, key) => sendJson(user, `/api/invoices/${originals[variant]}/reissue`, undefined, key),
        rows: (variant) => rowsWhere(invoices, eq(invoices.replacesId, originals[variant])),
      };
    },
  },
  {
    operationId: "recordPayment",
    ...twoAdmins,
    // The variants are two invoices; each request records one bank transfer of a part of it. The
    // answer is the invoice, so the other caller pays the other one for the answers to differ.
    otherSendsB: true,
    prepare: async (w) => {
      const invoicesOf = { a: await issuedInvoice(w), b: await issuedInvoice(w) };
      const body = { amount: "1.00", method: "bank_transfer", paidAt: "2026-03-02" };
      return {
        send: (user, variant, key) => sendJson(user, `/api/invoices/${invoicesOf[variant]}/payments`, body, key),
        rows: (variant) => rowsWhere(payments, eq(payments.invoiceId, invoicesOf[variant])),
      };
    },
  },
  {
    operationId: "createTimeEntry",
    ...twoAdmins,
    prepare: async (w) => jsonCreate("/api/time-entries", (description) => ({ projectId: w.projectId, workDate: "2026-03-02", minutes: 30, description, rate: "100" }), timeEntries, timeEntries.description),
  },
  {
    operationId: "invoiceUnbilledTime",
    ...twoAdmins,
    // The variants are two days of logged time; billing one bills nothing of the other, so the other caller bills the other day.
    otherSendsB: true,
    prepare: async (w) => {
      const days = { a: nextBillingDay(), b: nextBillingDay() };
      for (const workDate of Object.values(days)) await w.admin.client.post("/api/time-entries", { projectId: w.projectId, workDate, minutes: 30, description: "Retried billing", rate: "100" });
      return {
        send: (user, variant, key) => sendJson(user, "/api/invoices/from-time", { companyId: w.companyId, from: days[variant], to: days[variant] }, key),
        rows: (variant) => rowsWhere(timeEntries, and(eq(timeEntries.workDate, days[variant]), isNotNull(timeEntries.invoiceId))),
      };
    },
  },
  {
    operationId: "createRecurringInvoice",
    ...twoAdmins,
    prepare: async (w) =>
      jsonCreate(
        "/api/recurring-invoices",
        (notes) => ({ companyId: w.companyId, lines: [{ description: "Retainer", quantity: "1", unitPrice: "10.00" }], notes, frequency: "monthly", dayOfMonth: 1, startDate: "2030-01-01" }),
        recurringInvoices,
        recurringInvoices.notes,
      ),
  },
  {
    operationId: "createQuote",
    ...twoAdmins,
    prepare: async (w) =>
      jsonCreate("/api/quotes", (title) => ({ companyId: w.companyId, title, lines: [{ description: "Design", quantity: "1", unitPrice: "10.00" }], validUntil: "2099-12-31" }), quotes, quotes.title),
  },
  {
    operationId: "acceptQuote",
    actor: (w) => w.owner,
    other: (w) => w.quoteAnswerer,
    // One answer per quote: the variants are two quotes, and the other caller answers the other one.
    otherSendsB: true,
    succeeds: 200,
    prepare: async (w) => answerQuote(w, "accept", { signerName: "Retrying Owner", signature: PNG, accept: true }),
  },
  {
    operationId: "declineQuote",
    actor: (w) => w.owner,
    other: (w) => w.quoteAnswerer,
    otherSendsB: true,
    succeeds: 200,
    prepare: async (w) => answerQuote(w, "decline", { reason: "Not this year" }),
  },
  {
    operationId: "inviteMember",
    actor: (w) => w.owner,
    other: (w) => w.admin,
    // One pending invitation per address: the other caller invites another address.
    otherSendsB: true,
    prepare: async (w) => emailInvite(`/api/companies/${w.companyId}/invitations`, { role: "member" }),
  },
  {
    operationId: "inviteAdmin",
    ...twoAdmins,
    otherSendsB: true,
    prepare: async () => emailInvite("/api/team/invitations", {}),
  },
  { operationId: "attachTicketFile", ...customerAndColleague, prepare: async (w) => upload(`/api/tickets/${await newTicket(w)}/files`) },
  {
    operationId: "attachTicketCommentFile",
    actor: (w) => w.owner,
    // A comment takes files from its author or an admin.
    other: (w) => w.admin,
    prepare: async (w) => {
      const ticketId = await newTicket(w);
      const comment = await w.owner.client.post(`/api/tickets/${ticketId}/comments`, { content: "See the file" });
      return upload(`/api/tickets/${ticketId}/comments/${comment.body.id}/files`);
    },
  },
  {
    operationId: "attachProjectCommentFile",
    actor: (w) => w.owner,
    other: (w) => w.admin,
    prepare: async (w) => {
      const comment = await w.owner.client.post(`/api/projects/${w.projectId}/comments`, { content: "See the file" });
      return upload(`/api/projects/${w.projectId}/comments/${comment.body.id}/files`);
    },
  },
  {
    operationId: "attachMessageFile",
    actor: (w) => w.owner,
    other: (w) => w.admin,
    prepare: async (w) => {
      const message = await w.owner.client.post("/api/messages", { content: "See the file" });
      return upload(`/api/messages/${message.body.id}/files`);
    },
  },
];

/** A 1×1 PNG: a signature, only smaller. */
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** Two quotes sent to the company, the variants; a variant's row is its quote, answered. */
async function answerQuote(world: World, answer: "accept" | "decline", body: Record<string, unknown>): Promise<Request> {
  const sent = async () => {
    // Accepting invoices it all, issued: its PDF is rendered after the commit of the answer stored with its key.
    const draft = await world.admin.client.post("/api/quotes", {
      companyId: world.companyId,
      title: "Retried answer",
      lines: [{ description: "Work", quantity: "1", unitPrice: "10.00" }],
      validUntil: "2099-12-31",
      invoicing: "full",
      invoiceStatus: "unpaid",
    });
    return (await world.admin.client.post(`/api/quotes/${draft.body.id}/send`)).body.id as string;
  };
  const ids = { a: await sent(), b: await sent() };
  return {
    send: (user, variant, key) => sendJson(user, `/api/quotes/${ids[variant]}/${answer}`, body, key),
    rows: (variant) => rowsWhere(quotes, and(eq(quotes.id, ids[variant]), eq(quotes.status, answer === "accept" ? "accepted" : "declined"))),
  };
}

/** An invitation whose variants are two addresses. */
function emailInvite(path: string, extra: Record<string, unknown>): Request {
  const emails = { a: `a-${randomUUID().slice(0, 8)}@example.test`, b: `b-${randomUUID().slice(0, 8)}@example.test` };
  return {
    send: (user, variant, key) => sendJson(user, path, { email: emails[variant], ...extra }, key),
    rows: (variant) => rowsWhere(invitations, eq(invitations.email, emails[variant])),
  };
}

/** A day of work of its own for each billing variant: billing one day bills no other's. */
let billingDays = 0;
const nextBillingDay = () => new Date(Date.UTC(1995, 0, 1 + billingDays++)).toISOString().slice(0, 10);

async function issuedInvoice(world: World): Promise<string> {
  const answer = await world.admin.client.post("/api/invoices", invoiceBody(world.companyId));
  return answer.body.id;
}

const namesTheHeader = (answer: Answer) => {
  expect(answer.body.errors?.map((error) => error.field)).toContain("Idempotency-Key");
  expect(answer.body.detail).toContain("Idempotency-Key");
};

let world: World;

beforeAll(async () => {
  const { company, project, customer } = await customerWithProject(server, "Retry Co");
  const { companyUsers } = await import("@/server/db/schema");
  await server.deps.db.update(companyUsers).set({ role: "owner" }).where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, customer.id)));
  world = {
    admin: await server.createUser({ admin: true }),
    secondAdmin: await server.createUser({ admin: true }),
    owner: customer,
    colleague: await addMember(server, company.id),
    quoteAnswerer: await addMember(server, company.id),
    companyId: company.id,
    projectId: project.id,
  };
  const allowed = await world.owner.client.patch(`/api/companies/${company.id}/members/${world.quoteAnswerer.id}`, { answersQuotes: true });
  expect(allowed.status).toBe(200);
});

/** The route's request, prepared afresh, sent under one new key: by the route's caller unless the test names another. */
async function underOneKey(route: CreateRoute) {
  const request = await route.prepare(world);
  const key = randomUUID();
  return { rows: request.rows, send: (variant: "a" | "b", caller = route.actor(world)) => request.send(caller, variant, key) };
}

describe.each(routes)("$operationId with an Idempotency-Key", (route) => {
  const succeeded = route.succeeds ?? 201;

  it("answers the same key with the same body with the stored answer, and stores one row", async () => {
    const { send, rows } = await underOneKey(route);
    const first = await send("a");
    const again = await send("a");
    expect(first.status).toBe(succeeded);
    expect(first.replayed).toBeNull();
    expect(again).toEqual({ ...first, replayed: "true" });
    expect(await rows("a")).toBe(1);
  });

  it("refuses the same key with another body with a 422 naming Idempotency-Key, and stores nothing for it", async () => {
    const { send, rows } = await underOneKey(route);
    expect((await send("a")).status).toBe(succeeded);
    const other = await send("b");
    expect(other.status).toBe(422);
    namesTheHeader(other);
    expect(await rows("b")).toBe(0);
  });

  it("stores one row for two requests with one key at the same moment", async () => {
    const { send, rows } = await underOneKey(route);
    const answers = await Promise.all([send("a"), send("a")]);
    const created = answers.filter((answer) => answer.status === succeeded);
    expect(created.length).toBeGreaterThan(0);
    // Every success is the one record; a request that found the other in flight is told so (409).
    expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
    for (const refused of answers.filter((answer) => answer.status !== succeeded)) {
      expect(refused.status).toBe(409);
      namesTheHeader(refused);
    }
    expect(await rows("a")).toBe(1);
  });

  it("gives another caller's identical key a record of its own", async () => {
    const { send, rows } = await underOneKey(route);
    const mine = await send("a");
    const theirs = await send(route.otherSendsB ? "b" : "a", route.other(world));
    expect([mine.status, theirs.status]).toEqual([succeeded, succeeded]);
    expect(theirs.replayed).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect((await rows("a")) + (await rows("b"))).toBe(2);
  });
});

/**
 * Operations that describe Idempotency-Key but are no create of this table: they store no answer
 * of their own (they are not wrapped in `idempotent`), and the key means what their description says.
 */
const keyPassedOn: Record<string, string> = {
  // ADR 043: the key goes to the payment provider, made the caller's own, so that a retried
  // request opens one checkout there; its proof is online-payments.test.ts, against the fake Stripe.
  openInvoiceCheckout: "passed on to the payment provider, which answers a retried request with the same checkout",
};

describe("Idempotency-Key", () => {
  it("is described on exactly the operations of this table and those that pass it on, optional, in the served document", async () => {
    const document = (await world.owner.client.get("/api/openapi.json")).body;
    const withHeader: string[] = [];
    for (const item of Object.values(document.paths ?? {})) {
      for (const operation of Object.values(item as Record<string, { operationId?: string; parameters?: { name: string; in: string; required?: boolean }[] }>)) {
        const header = operation.parameters?.find((parameter) => parameter.in === "header" && parameter.name === "Idempotency-Key");
        if (!header) continue;
        expect(header.required ?? false).toBe(false);
        withHeader.push(operation.operationId!);
      }
    }
    expect(withHeader.sort()).toEqual([...routes.map((route) => route.operationId), ...Object.keys(keyPassedOn)].sort());
  });

  it("refuses a malformed key with a 400 naming Idempotency-Key and creates nothing", async () => {
    for (const key of ["x".repeat(256), "two words", "tab\tkey", ""]) {
      const title = `Malformed key ${randomUUID()}`;
      const response = await world.owner.client.request("POST", "/api/tickets", { projectId: world.projectId, title }, { [IDEMPOTENCY_HEADER]: key });
      expect(response.status).toBe(400);
      expect(response.problem.errors?.map((error) => error.field)).toEqual(["Idempotency-Key"]);
      expect(await rowsWhere(tickets, eq(tickets.title, title))).toBe(0);
    }
    const longest = await world.owner.client.request("POST", "/api/tickets", { projectId: world.projectId, title: `Longest key ${randomUUID()}` }, { [IDEMPOTENCY_HEADER]: "k".repeat(255) });
    expect(longest.status).toBe(201);
  });

  it("keeps no answer for a refusal: the same key then serves the corrected request", async () => {
    const key = randomUUID();
    const refused = await world.owner.client.request("POST", "/api/tickets", { projectId: world.projectId, title: "" }, { [IDEMPOTENCY_HEADER]: key });
    expect(refused.status).toBe(400);
    const title = `Corrected ${randomUUID()}`;
    const created = await world.owner.client.request("POST", "/api/tickets", { projectId: world.projectId, title }, { [IDEMPOTENCY_HEADER]: key });
    expect(created.status).toBe(201);
    expect(await rowsWhere(tickets, eq(tickets.title, title))).toBe(1);
  });

  it("announces the stored record again on a replay, for the first request may have died before announcing it", async () => {
    const key = randomUUID();
    const body = { content: `Announced again ${randomUUID()}` };
    const first = await world.owner.client.request("POST", "/api/messages", body, { [IDEMPOTENCY_HEADER]: key });
    const heard: string[] = [];
    const stop = server.deps.events.subscribe((event) => {
      if (event.kind === "message") heard.push(event.id);
    });
    try {
      const again = await world.owner.client.request("POST", "/api/messages", body, { [IDEMPOTENCY_HEADER]: key });
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      await expect.poll(() => heard).toContain(first.body.id);
    } finally {
      stop();
    }
  });

  it("forgets a key after 24 hours: the sweep deletes it, and the key then makes a new record", async () => {
    const { idempotencyKeys } = await import("@/server/db/schema");
    const { forgetExpiredKeys } = await import("./idempotency-store");
    const key = randomUUID();
    const title = `Day-old key ${randomUUID()}`;
    const send = () => world.owner.client.request("POST", "/api/tickets", { projectId: world.projectId, title }, { [IDEMPOTENCY_HEADER]: key });
    expect((await send()).status).toBe(201);
    await server.deps.db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 24 * 60 * 60_000 - 1000) }).where(eq(idempotencyKeys.key, key));
    // Past its day and not yet swept, it no longer counts.
    const later = await send();
    expect([later.status, later.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await rowsWhere(tickets, eq(tickets.title, title))).toBe(2);
    await server.deps.db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 24 * 60 * 60_000 - 1000) }).where(eq(idempotencyKeys.key, key));
    expect(await forgetExpiredKeys(server.deps.db)).toBeGreaterThanOrEqual(1);
    expect(await rowsWhere(idempotencyKeys, eq(idempotencyKeys.key, key))).toBe(0);
  });
});
