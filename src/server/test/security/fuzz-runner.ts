import fc from "fast-check";
import { hasControlCharacter } from "@/shared/rules/text";
import { problemSchema } from "@/shared/schemas/problem";
import type { FuzzTarget } from "./fuzz-targets";
import { nextClientIp } from "../harness";
import { hostileBodies, hostileStrings, type HostileBody } from "./hostile";
import { send, sendRaw, type Sent } from "./http";
import { multipartBody } from "../files";
import { actorsOutsideB, type ActorName, type World } from "./world";
import { arbitraryFor } from "./zod-arbitrary";

/** Fixed unless FUZZ_SEED says otherwise, so a failure can be replayed exactly. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261121);
export const CASES_PER_ENDPOINT = 1000;
/**
 * A route that takes no body (an action, a deletion) varies by who calls, at which id, and how
 * the ignored body travels (oversized, malformed, of another type): a few actors and ids, so 200
 * cases go through each of those many times over. A thousand cost the CI machine about a minute
 * more for nothing new.
 */
export const CASES_WITHOUT_BODY = 200;

/** How many generated cases an endpoint gets: every route with a body to generate, the full number. */
export const casesFor = (target: Pick<FuzzTarget, "input" | "upload">) => (target.input || target.upload ? CASES_PER_ENDPOINT : CASES_WITHOUT_BODY);
/** The world's Stripe webhook secret: no generated body is signed with it, so every one must be refused cleanly. */
export const FUZZ_WEBHOOK_SECRET = "whsec_portico_hostile_input";
const BATCH = 8;

/**
 * What must never reach a client (DESIGN D10): stack frames, file paths, SQL, driver or ORM
 * names, raw error class names. Not a bare "at ": a validation message may say "at most".
 */
export const leakPatterns: RegExp[] = [
  /^\s+at\s/m,
  /\bat\s+[\w$.<>[\]]+\s+\([^)]*:\d+:\d+\)/,
  /\bat\s+(?:file|node):/,
  /node_modules/,
  /drizzle/i,
  /pglite|node-postgres|\bpg-protocol\b/i,
  /\b(?:SELECT|INSERT|UPDATE|DELETE)\b[\s\S]{0,200}\b(?:FROM|INTO|SET|WHERE)\b/,
  /\b\w*Error:/,
  /violates [\w ]*constraint|relation "|column "|syntax error at or near|invalid input syntax for/i,
];

export interface FuzzCase {
  actor: ActorName;
  body: HostileBody;
  /** A hostile path id in place of the real one (routes with an id only). */
  id?: string;
}

/** encodeURIComponent throws on a lone surrogate; those get the replacement character first. */
const encodeWellFormed = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));

export function caseArbitrary(world: World, target: FuzzTarget): fc.Arbitrary<FuzzCase> {
  const hints = target.hints?.(world) ?? {};
  const valid = target.input ? arbitraryFor(target.input, hints) : fc.constant({});
  const keys = target.input ? Object.keys((target.input as unknown as { _zod: { def: { shape?: object } } })._zod.def.shape ?? {}) : [];
  // One case in 20 puts a hostile id in the path; the rest aim at a real record.
  const hostileId = fc.oneof(
    fc.uuid(),
    fc.constantFrom(...hostileStrings, ...world.canaries.slice(-3)).map((value) => encodeWellFormed(value)),
    fc.string({ unit: "binary", maxLength: 40 }).map((value) => encodeWellFormed(value)),
    // Percent-encodings that do not decode: invalid UTF-8, a lone surrogate, NUL, dot segments.
    fc.constantFrom("%", "%ZZ", "%ED%A0%80", "%C0%AF", "%00", "..%2F..%2Fetc", "%2e%2e", "a%2Fb", "%E2%80%AE"),
  );
  const id = target.hasId
    ? fc.oneof({ weight: 19, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostileId })
    : fc.constant(null);
  return fc.record({
    actor: fc.constantFrom(...target.actors),
    body: hostileBodies(valid, keys, target.validWeight),
    id,
  }).map(({ actor, body, id: pathId }) => ({ actor, body, ...(pathId === null ? {} : { id: pathId }) }));
}

/** What an answer is judged against besides its target: what its caller may see and what it sent. */
export interface AnswerContext {
  /** The canaries this caller must never get back (none for one who may see company B). */
  canaries: readonly string[];
  /** The request's path and body: a canary the caller sent itself is not a leak when it comes back. */
  sent: string;
  /** Whether a string is, or is part of, what some request sent: stored input, not server internals. */
  isSentText: (value: string) => boolean;
}

/** Every string value of a parsed JSON body, however deep. */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === "object") for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}

/** A canary of B in any answer, whatever its status, that the caller did not send itself. */
function leakedCanary(text: string, context: AnswerContext): string | undefined {
  const lower = text.toLowerCase();
  const sent = context.sent.toLowerCase();
  return context.canaries.find((canary) => lower.includes(canary.toLowerCase()) && !sent.includes(canary.toLowerCase()));
}

/** Why this answer breaks the rules, or undefined. */
export function violation(target: FuzzTarget, status: number, contentType: string | null, text: string, context: AnswerContext): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (status < 200 || (status >= 300 && status < 400)) return `answered ${status}`;
  const canary = leakedCanary(text, context);
  if (canary) return `${status} answer leaks the canary ${canary}`;
  if (status >= 400) {
    if (contentType !== "application/problem+json") return `error ${status} is ${contentType}, not problem+json`;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `error ${status} body is not JSON`;
    }
    if (!problemSchema.safeParse(body).success) return `error ${status} is not a problem document`;
    const leak = leakPatterns.find((pattern) => pattern.test(text));
    if (leak) return `error ${status} leaks ${leak}`;
    return undefined;
  }
  // 204 No Content: a deletion's answer has no body at all.
  if (status === 204) return text === "" ? undefined : "204 answer has a body";
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${status} body is not JSON`;
  }
  const parsed = target.output.safeParse(body);
  if (!parsed.success) return `${status} answer breaks its contract: ${parsed.error.issues[0]?.message}`;
  // A success answer echoes stored input (a ticket titled "SELECT * FROM x" is content, not a leak):
  // a value counts only when no request sent it.
  for (const value of stringsOf(body)) {
    // Every text field refuses them (src/shared/schemas/text.ts): one in an answer was stored through a gap.
    if (hasControlCharacter(value)) return `${status} answer holds a control character in ${JSON.stringify(value.slice(0, 120))}`;
    const leak = leakPatterns.find((pattern) => pattern.test(value));
    if (leak && !context.isSentText(value)) return `${status} answer leaks ${leak} in ${JSON.stringify(value.slice(0, 120))}`;
  }
  return undefined;
}

export interface FuzzReport {
  cases: number;
  byStatus: Record<number, number>;
  byKind: Record<string, number>;
  /** Milliseconds of the slowest answer. */
  slowest: number;
}

/**
 * Sends `casesFor(target)` generated bodies to one endpoint, BATCH at a time, as a fast-check
 * property: a failing batch is shrunk to a minimal counterexample and reported with the seed.
 */
export async function fuzzEndpoint(world: World, target: FuzzTarget, label: string): Promise<FuzzReport> {
  const report: FuzzReport = { cases: 0, byStatus: {}, byKind: {}, slowest: 0 };
  const sentBodies = sentBodiesOf(world);
  const sendCase = (fuzzCase: FuzzCase): Promise<Sent> => {
    const path = target.path(world, fuzzCase.id);
    const cookie = world.cookie(fuzzCase.actor);
    if (target.upload) return sendUpload(world, target, path, cookie, fuzzCase.body.raw);
    const headers = target.headers ?? { "content-type": "application/json" };
    // A body the server refuses unread (413) goes over a bare socket: fetch would report the hang-up, not the answer.
    if (fuzzCase.body.kind.startsWith("huge")) {
      const rawHeaders = { ...headers, origin: world.server.baseUrl, "x-forwarded-for": nextClientIp(), ...(cookie ? { cookie } : {}) };
      return sendRaw(world.server.baseUrl, path, { method: target.method, body: fuzzCase.body.raw, headers: rawHeaders });
    }
    return send(world.server.baseUrl, path, { method: target.method, cookie, rawBody: fuzzCase.body.raw, headers });
  };
  const property = fc.asyncProperty(fc.array(caseArbitrary(world, target), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
    const problems = await Promise.all(
      batch.map(async (fuzzCase) => {
        if (!fuzzCase.body.kind.startsWith("huge")) sentBodies.push(fuzzCase.body.raw);
        const started = Date.now();
        const describe = `${label} as ${fuzzCase.actor} with ${fuzzCase.body.kind} ${fuzzCase.body.raw.slice(0, 200)}`;
        const response = await withTimeout(sendCase(fuzzCase), ANSWER_WITHIN_MS).catch((error: Error) => error);
        if (response instanceof Error) return `${describe}: no answer (${response.message})`;
        report.slowest = Math.max(report.slowest, Date.now() - started);
        report.cases += 1;
        report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
        report.byKind[fuzzCase.body.kind] = (report.byKind[fuzzCase.body.kind] ?? 0) + 1;
        const problem = violation(target, response.status, response.headers.get("content-type"), response.text, {
          canaries: (actorsOutsideB as readonly ActorName[]).includes(fuzzCase.actor) ? world.canaries : [],
          sent: `${target.path(world, fuzzCase.id)}\n${fuzzCase.body.raw}`,
          isSentText: (value) => isSentText(sentBodies, value),
        });
        return problem && `${describe}: ${problem}; answer ${response.text.slice(0, 300)}`;
      }),
    );
    const failures = problems.filter(Boolean);
    if (failures.length) throw new Error(failures.join("\n"));
  });
  await fc.assert(property, { numRuns: casesFor(target) / BATCH, seed: FUZZ_SEED, endOnFailure: true });
  return report;
}

/**
 * A generated body as an upload: its text is the file's name (as RFC 5987 `filename*`, so control
 * characters and any Unicode arrive as sent) and its content, claimed as plain text.
 */
function sendUpload(world: World, target: FuzzTarget, path: string, cookie: string | undefined, raw: string): Promise<Sent> {
  const { body, contentType } = multipartBody([{ encodedFilename: raw.slice(0, 400).replace(/[\uD800-\uDFFF]/g, "\uFFFD") || "x", type: "text/plain", bytes: raw }]);
  const headers = { "content-type": contentType, origin: world.server.baseUrl, "x-forwarded-for": nextClientIp(), ...(cookie ? { cookie } : {}) };
  // Large ones over a bare socket, as for JSON: the server may answer before it has read them.
  if (body.length > 512 * 1024) return sendRaw(world.server.baseUrl, path, { method: target.method, body, headers });
  return send(world.server.baseUrl, path, { method: target.method, cookie, rawBody: body.toString("utf8"), headers: { "content-type": contentType } });
}

/** Every body sent to a world's server (earlier targets' cases are stored too, and may come back). */
const sentBodiesByWorld = new WeakMap<World, string[]>();
function sentBodiesOf(world: World): string[] {
  let bodies = sentBodiesByWorld.get(world);
  if (!bodies) sentBodiesByWorld.set(world, (bodies = []));
  return bodies;
}

/** Whether `value` (as stored: trimmed) appears in some sent body, raw or JSON-escaped. */
function isSentText(bodies: readonly string[], value: string): boolean {
  const stored = value.trim();
  if (!stored) return true;
  const escaped = JSON.stringify(stored).slice(1, -1);
  return bodies.some((raw) => raw.includes(stored) || raw.includes(escaped));
}

/** A request the server leaves unanswered this long is a failure too (a cheap denial of service). */
const ANSWER_WITHIN_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms); // paces: the deadline of an answer that must come
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
