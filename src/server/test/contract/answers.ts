import { SAFE_METHODS } from "@/server/http/security";
import { contractFor, type OpenApiContract } from "./openapi-contract";

/**
 * The contract check of the API suite: TestClient (request and raw) and the security suites'
 * send/sendRaw hand every answer they get to `checkAnswer`, which holds it to the OpenAPI document
 * the answering server serves. A violation is recorded, not thrown, so a test that catches errors
 * (a retry loop, a fuzz batch) cannot swallow it; setup.ts fails the test it happened in (or the
 * file, for one in a hook) with every violation's method, path, status and schema errors.
 */

/** Where the app serves its document (app.ts); the document does not list itself. */
export const DOCUMENT_PATH = "/api/openapi.json";

export class ContractViolation extends Error {}
// On the prototype, so the stack captured by the constructor already carries it.
ContractViolation.prototype.name = "ContractViolation";

/**
 * Before any route is looked up, every path under /api passes the API's own middleware, which
 * refuses without knowing whether a route is there: a write from another origin (403), not in
 * JSON (415) or over the body limit (413) (http/security.ts), and any request without a session
 * (401: the session API is mounted last at /, so unknown paths answer 401 to strangers rather than
 * map out which routes exist; app.ts). None of these says that a route exists; any other status
 * to a path the document lacks does.
 */
const unmatchedStatuses = (method: string): readonly number[] => (SAFE_METHODS.has(method) ? [401, 404, 405] : [401, 403, 404, 405, 413, 415]);

/** The contract of each server, by origin: its document is fetched once, on its first answer. */
const contracts = new Map<string, Promise<OpenApiContract>>();

function contractAt(origin: string): Promise<OpenApiContract> {
  let contract = contracts.get(origin);
  if (!contract) {
    contract = fetch(new URL(DOCUMENT_PATH, origin)).then(async (response) => {
      if (response.status !== 200) throw new Error(`GET ${DOCUMENT_PATH} at ${origin} answered ${response.status}`);
      return contractFor(await response.text(), { unmatchedStatuses });
    });
    contracts.set(origin, contract);
    // A failed fetch is tried again on the next answer rather than remembered.
    contract.catch(() => contracts.delete(origin));
  }
  return contract;
}

/** Forgets a closed server's document: its port may be reused by another server of the process. */
export function forgetServer(baseUrl: string): void {
  contracts.delete(new URL(baseUrl).origin);
}

const recorded: ContractViolation[] = [];

/** The violations recorded since the last call, oldest first; they are cleared. */
export function takeViolations(): ContractViolation[] {
  return recorded.splice(0);
}

export interface ReceivedAnswer {
  method: string;
  url: URL;
  status: number;
  headers: Headers;
  /** The body as text; undefined when it was not read (an event stream). */
  text: string | undefined;
}

/**
 * Holds one answer to the document of the server that gave it, and records what is wrong. Not
 * checked: paths outside /api (the web app, /metrics), the document itself, the Better Auth
 * endpoints below /api/auth that the document does not describe (its handler, not a route of
 * ours, answers them; the ones it does describe, http/openapi-auth-operations.ts, are checked like
 * any route), and a proxy's own 502/503/504 (nginx in front of a process that died: the app sets
 * X-Request-Id on every answer it gives, http/request-log.ts, the proxy's page has none).
 */
export async function checkAnswer(answer: ReceivedAnswer): Promise<void> {
  const path = answer.url.pathname;
  const method = answer.method.toUpperCase();
  const inApi = path === "/api" || path.startsWith("/api/");
  if (!inApi || path === DOCUMENT_PATH) return;
  if (!answer.headers.has("x-request-id") && [502, 503, 504].includes(answer.status)) return;
  const betterAuth = path === "/api/auth" || path.startsWith("/api/auth/");
  let problems: string[];
  try {
    const contract = await contractAt(answer.url.origin);
    if (betterAuth && !contract.describes(method, path)) return;
    problems = contract.check({ method, path, status: answer.status, contentType: answer.headers.get("content-type"), text: answer.text });
  } catch (error) {
    problems = [`${method} ${path} answered ${answer.status}, and the check could not run: ${(error as Error).message}`];
  }
  // The stack of this call names the test line that received the answer.
  for (const problem of problems) recorded.push(new ContractViolation(`OpenAPI contract: ${problem}`));
}

/** Checks a fetch answer the caller will read itself: its body is read from a clone, an event stream's not at all. */
export async function checkResponse(method: string, response: Response, url: URL): Promise<void> {
  const type = response.headers.get("content-type") ?? "";
  // A body cut off on the way (a process killed mid-answer) leaves only the status to check; the
  // caller reading the body gets the same error.
  const text = type.startsWith("text/event-stream") ? undefined : await response.clone().text().catch(() => undefined);
  await checkAnswer({ method, url, status: response.status, headers: response.headers, text });
}
