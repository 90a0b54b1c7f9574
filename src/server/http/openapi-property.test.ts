import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { beforeAllTests, worldForFile } from "@/server/test/per-file";
import { servedRequests, requiredHeaders, type JsonSchema, type Operation } from "@/server/test/contract/request-schemas";
import { arbitraryOf, type Hints } from "@/server/test/contract/schema-arbitrary";
import { send, type Sent } from "@/server/test/security/http";
import { pdfBytes } from "@/server/test/files";
import { UPLOAD_FIELD } from "@/shared/rules/file";
import { ok, type World } from "@/server/test/security/world";

/**
 * The property-based contract test (ADR 018, amended): for every operation of the served
 * document, requests generated from its own JSON Schemas (path, query, body), sent as an admin's
 * API token and as a company owner's, and with a session where tokens are refused. Each answer:
 * no 5xx; a status the operation documents, with its required headers (the body is held to its
 * schema by the suite's contract check, contract/answers.ts); and no 400 to a request the document
 * calls valid, but for the refusals below, which depend on state the document cannot express.
 *
 * Seeded (CONTRACT_SEED replays another run) and sized for the 3-minute budget on PGlite.
 */
const SEED = Number(process.env.CONTRACT_SEED ?? 20261129);
const RUNS_PER_OPERATION = Number(process.env.CONTRACT_RUNS ?? 4);

// Rate limits would turn most requests into 429s after the first minute's worth.
const { server, world } = worldForFile({ API_TOKEN_RATE_LIMIT: "100000", WRITE_RATE_LIMIT: "100000" });
const requests = beforeAllTests(() => servedRequests(server.baseUrl));
const adminToken = beforeAllTests(async () => {
  const made = (await ok(server, world.users.admin, "POST", "/api/tokens", { name: "Contract", scope: "read-write", expiresInDays: 30 })) as { token: string };
  return { token: made.token };
});

/**
 * 400s the document cannot foresee: each names the operation, the field the refusal names
 * (`errors[].field`, or `body` for the request as a whole) and why the document cannot say it.
 */
const STATE_DEPENDENT_REFUSALS: { operationId: string | RegExp; field: string | RegExp; reason: string }[] = [
  { operationId: "acceptInvitation", field: "token", reason: "an invitation token that was never issued, or is spent: whether one exists is the database's" },
  { operationId: "previewInvitation", field: "token", reason: "an invitation token that was never issued, or is spent" },
  { operationId: /^(enableTwoFactor|disableTwoFactor)$/, field: "password", reason: "the account's current password: a secret, not a shape" },
  { operationId: "disableTwoFactor", field: "code", reason: "the authenticator's current code, or an unspent backup code" },
  { operationId: /^(verifyTotp|verifyBackupCode)$/, field: "code", reason: "a code that is right only for the pending sign-in or enrolment" },
  { operationId: "createApiToken", field: "expiresInDays", reason: "a token that never expires is an admin's only: the caller's role, which the description states (a schema is the same for every caller)" },
  { operationId: /^list\w+$/, field: "cursor", reason: "a cursor the server did not hand out (an unknown cursor)" },
  { operationId: "listConversations", field: "sort", reason: "a sort with order=unread: a rule across two query parameters, as for page and cursor" },
  { operationId: /^list\w+$/, field: "page", reason: "page and cursor together: a rule across two query parameters, which JSON Schema (one schema per parameter) cannot say; their descriptions do" },
  { operationId: /^(createInvoice|updateInvoice|createTicket|listTickets|countTicketsByStatus|createProject|sendMessage|markMessagesRead|createWebhook|updateWebhook)$/, field: "companyId", reason: "a company that does not exist, or not the one of the conversation" },
  { operationId: /^(createTicket|listTickets|countTicketsByStatus)$/, field: "projectId", reason: "a project that does not exist, or not of the caller's company" },
  { operationId: /^(createProject|updateProject|updateTicket)$/, field: "assignedTo", reason: "an id that is not a team member's (an admin's): whose id it is, is the database's" },
  { operationId: /^(getUnsubscribeLink|unsubscribe)$/, field: "token", reason: "a token this portal did not sign: a signature, not a shape" },
  { operationId: "signUp", field: "token", reason: "an invitation token that was never issued, or is spent" },
  { operationId: "updateNotificationPreferences", field: /^items\.\d+\.kind$/, reason: "a kind of notification the caller's role does not receive" },
  { operationId: /^(createInvoice|updateInvoice)$/, field: "lines", reason: "the lines' total beyond numeric(12,2): a sum JSON Schema cannot take, said in the body's description" },
  { operationId: /^(createInvoice|updateInvoice)$/, field: "dueDate", reason: "a due date before the issue date (sent or stored): said in the body's description" },
  { operationId: "updateProject", field: "endDate", reason: "an end date before the start date (sent or stored): said in the body's description" },
  { operationId: /^(createRecurringInvoice|invoiceUnbilledTime)$/, field: "companyId", reason: "a company that does not exist" },
  { operationId: "createTimeEntry", field: "projectId", reason: "a project that does not exist" },
  { operationId: /^(createTimeEntry|updateTimeEntry)$/, field: "ticketId", reason: "a ticket that is not of the entry's project: said in the operation's description" },
  { operationId: "createTimeEntry", field: "rate", reason: "no rate sent while the project has none and no default is set: the project's and the installation's, said in the operation's description" },
  { operationId: "createRecurringInvoice", field: /^(endDate|count|lines)$/, reason: "an end date before the start date, or both an end date and a count (rules across two fields, said in the operation's description), or lines whose total passes numeric(12,2)" },
  { operationId: "invoiceUnbilledTime", field: /^(to|lines|dueDate)$/, reason: "a period whose `from` is after its `to`, or a due date before today, the invoice's issue date (both said in the operation's description), or billed lines whose total passes numeric(12,2)" },
  { operationId: /^(createQuote|updateQuote)$/, field: /^(companyId|validUntil|depositPercent|depositAmount|lines)$/, reason: "a company that does not exist, a last valid day before today, a deposit against the invoicing chosen or above the total (rules across fields, said in the body's description), or lines whose total passes numeric(12,2)" },
  { operationId: "acceptQuote", field: "signature", reason: "bytes that are no PNG or JPEG file, or more than 200 KB of them: what the base64 decodes to, which a pattern cannot say; said in the field's description" },
  { operationId: "recordPayment", field: "amount", reason: "an amount above what the invoice still owes (its stored payments): said in the operation's description" },
  { operationId: "recordPayment", field: "paidAt", reason: "a day after today in the installation's time zone: the calendar, not a shape; said in the operation's description" },
];

const matches = (expected: string | RegExp, actual: string) => (typeof expected === "string" ? expected === actual : expected.test(actual));

/** Whether a 400 is one of the listed refusals: every field it names is listed for the operation. */
function isStateDependent(operation: Operation, answer: Sent): boolean {
  const errors = (answer.body as { errors?: { field: string }[] } | undefined)?.errors ?? [{ field: "body" }];
  return errors.every((error) =>
    STATE_DEPENDENT_REFUSALS.some(
      (refusal) => matches(refusal.operationId, operation.operationId) && matches(refusal.field, error.field),
    ),
  );
}

type Actor = { name: string; bearer: string } | { name: string; cookie: string };

/** Real records to aim at, by the path's first segment and the parameter's name (random ids reach only 404). */
function recordIds(w: World, operation: Operation, name: string): string[] {
  // A generated DELETE aims at random ids only: deleting the world's records would leave later operations nothing to reach.
  if (operation.method === "DELETE") return [];
  const both = <T>(pick: (side: World["a"]) => T[]) => [...pick(w.a), ...pick(w.b)];
  const first = operation.path.split("/")[1];
  if (name === "commentId") return first === "tickets" ? both((side) => side.ticketComments.map((row) => row.id)) : both((side) => side.projectComments.map((row) => row.id));
  if (name !== "id") return [];
  switch (first) {
    case "companies":
      return both((side) => [side.company.id]);
    case "projects":
      // A slug names a project on GET /projects/{id} only; its sub-resources take the id.
      return both((side) => side.projects.flatMap((row) => (operation.path === "/projects/{id}" && operation.method === "GET" ? [row.id, row.slug] : [row.id])));
    case "tickets":
      return both((side) => side.tickets.map((row) => row.id));
    case "invoices":
      return [...both((side) => side.invoices.map((row) => row.id)), w.aDraft.invoiceId];
    case "files":
      return both((side) => side.files.map((row) => row.id));
    case "messages":
      return both((side) => side.messages.map((row) => row.id));
    default:
      return [];
  }
}

/** Real ids for the fields of a body or query that name a record. */
function fieldHints(w: World): Hints {
  const companies = [w.a.company.id, w.b.company.id];
  const projects = [...w.a.projects, ...w.b.projects].map((row) => row.id);
  const aimAt = (ids: string[]) => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.uuid() });
  return { companyId: aimAt(companies), projectId: aimAt(projects) };
}

interface GeneratedRequest {
  path: string;
  query: Record<string, string>;
  body: unknown;
}

function requestArbitrary(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const resolve = (ref: string) => ref.slice(2).split("/").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], requests.document) as JsonSchema;
  const hints = fieldHints(world);
  const parameter = (name: string, schema: JsonSchema) => {
    const ids = recordIds(world, operation, name);
    const generated = arbitraryOf(schema, resolve, hints).filter((value) => requests.parameterValidator(operation, name)(value));
    return ids.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: generated }) : generated;
  };
  const pathParameters = operation.parameters.filter((p) => p.in === "path");
  const queryParameters = operation.parameters.filter((p) => p.in === "query");
  const path = fc.record(Object.fromEntries(pathParameters.map((p) => [p.name, parameter(p.name, p.schema)])));
  const query = fc.record(Object.fromEntries(queryParameters.map((p) => [p.name, parameter(p.name, p.schema)])), {
    requiredKeys: queryParameters.filter((p) => p.required).map((p) => p.name),
  });
  const jsonSchema = operation.body?.content["application/json"];
  const body = jsonSchema
    ? arbitraryOf(jsonSchema, resolve, hints).filter((value) => requests.bodyValidator(operation)(value))
    : fc.constant(undefined);
  return fc.record({ path, query, body }).map(({ path: values, query: queryValues, body: bodyValue }) => ({
    path: operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name]))),
    query: Object.fromEntries(Object.entries(queryValues).map(([key, value]) => [key, String(value)])),
    body: bodyValue,
  }));
}

/** An upload's body: the document says `multipart/form-data` with a `file`; a small PDF is one every upload takes. */
function uploadForm(): FormData {
  const form = new FormData();
  form.append(UPLOAD_FIELD, new Blob([new Uint8Array(pdfBytes(256))], { type: "application/pdf" }), "generated.pdf");
  return form;
}

async function sendGenerated(operation: Operation, actor: Actor, request: GeneratedRequest): Promise<Sent> {
  const search = new URLSearchParams(request.query).toString();
  const path = `/api${request.path}${search ? `?${search}` : ""}`;
  const auth = "bearer" in actor ? { headers: { authorization: `Bearer ${actor.bearer}` } } : { cookie: actor.cookie };
  const multipart = operation.body && !operation.body.content["application/json"] && operation.body.content["multipart/form-data"];
  const body = multipart ? { form: uploadForm() } : request.body === undefined ? {} : { json: request.body };
  return send(server.baseUrl, path, { method: operation.method, ...auth, ...body });
}

/** What is wrong with one answer, or undefined. */
function judge(operation: Operation, request: GeneratedRequest, answer: Sent): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (!(String(answer.status) in operation.responses)) return `answered ${answer.status}, which it does not document`;
  const missing = requiredHeaders(operation, answer.status).filter((name) => !answer.headers.has(name));
  if (missing.length) return `answered ${answer.status} without the required headers ${missing.join(", ")}`;
  if (answer.status === 400 && !isStateDependent(operation, answer)) return `refused a request the document calls valid: ${answer.text.slice(0, 400)}`;
  return undefined;
}

/** Runs every operation `reach` selects as `actor`; the failures, one line each. */
async function runAll(actor: Actor, reach: (operation: Operation) => boolean): Promise<{ failures: string[]; sent: number; statuses: Record<number, number> }> {
  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  let sent = 0;
  for (const operation of requests.operations.filter(reach)) {
    const property = fc.asyncProperty(requestArbitrary(operation), async (request) => {
      const answer = await sendGenerated(operation, actor, request).catch((error: Error) => {
        throw new Error(`${operation.operationId} (${operation.method} ${operation.path}) as ${actor.name} got no answer (${error.message}); request ${JSON.stringify(request).slice(0, 300)}`);
      });
      sent += 1;
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const problem = judge(operation, request, answer);
      if (problem) throw new Error(`${operation.operationId} (${operation.method} ${operation.path}) as ${actor.name} ${problem}; request ${JSON.stringify(request).slice(0, 300)}`);
    });
    const result = await fc.check(property, { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true });
    if (result.failed) failures.push(String((result.errorInstance as Error | undefined)?.message ?? result.failures));
  }
  return { failures, sent, statuses };
}

const takesTokens = (operation: Operation) => operation.security.length === 0 || operation.security.some((requirement) => "bearerAuth" in requirement) || operation.security.some((requirement) => Object.keys(requirement).length === 0);
const sessionOnly = (operation: Operation) => !takesTokens(operation);

describe("requests generated from the served document", () => {
  it("never answer 5xx, undocumented or off-schema, nor 400 to a valid request, as an admin's API token", async () => {
    const { failures } = await runAll({ name: "an admin's API token", bearer: adminToken.token }, () => true);
    expect(failures).toEqual([]);
  }, 180_000);

  it("never answer 5xx, undocumented or off-schema, nor 400 to a valid request, as a company owner's API token", async () => {
    const { failures } = await runAll({ name: "A's owner's API token", bearer: world.tokens.tokenA }, () => true);
    expect(failures).toEqual([]);
  }, 180_000);

  it("do the same with a session on the operations API tokens do not reach", async () => {
    const admin = await runAll({ name: "the admin's session", cookie: world.users.admin.cookie }, sessionOnly);
    const owner = await runAll({ name: "A's owner's session", cookie: world.users.customerA.cookie }, sessionOnly);
    expect([...admin.failures, ...owner.failures]).toEqual([]);
  }, 180_000);
});
