import { z, type createRoute } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { listOf } from "../changes/change";
import type { Database } from "../db/client";
import type { ServiceContext } from "../modules/context";
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_PATTERN,
  idempotencyProblems,
  keyScope,
  readIdempotencyKey,
  requestFingerprint,
} from "../modules/idempotency/idempotency-key";
import { findStoredAnswer, storeAnswer, tryLockKey, type KeyOf, type StoredAnswer } from "../modules/idempotency/idempotency-store";
import type { PorticoEvent } from "../realtime/event-bus";
import type { AppEnv } from "./context";
import { problem } from "./openapi";
import { Problem } from "./problem";

/*
 * Creates that are safe to retry (ADR 039): a POST with an `Idempotency-Key` header gets, for the
 * same key and the same request, the answer the first one got, and creates nothing new. The key's
 * row is written in the transaction of the create itself, so a process that dies after the commit
 * leaves the answer behind for the retry, and one that dies before leaves neither.
 */

/** The write of an upload stores its answer itself, inside the transaction that attaches the file (files/upload.ts). */
export interface IdempotentUpload {
  /**
   * Stores the upload's answer in `tx`. `content` stands for the body: the file's name and its
   * bytes' SHA-256 (a multipart body's boundary differs on every send). Throws KeyTaken when the
   * key got its answer meanwhile: the caller's transaction rolls back and the stored answer is sent.
   */
  record(tx: Database, answer: { content: string; body: unknown; events: PorticoEvent[] }): Promise<void>;
}

declare module "hono" {
  interface ContextVariableMap {
    /** Set on an upload route that was sent an Idempotency-Key. */
    idempotentUpload: IdempotentUpload | undefined;
  }
}

type AfterCommit = (ctx: ServiceContext) => Promise<unknown>;

/** An upload whose key was answered by another request while it was being received. */
class KeyTaken extends Problem {
  constructor(readonly fingerprint: string) {
    super(409, "Conflict", idempotencyProblems.inProgress().detail, idempotencyProblems.inProgress().errors);
  }
}

/** Thrown inside the create's transaction to undo it: only a successful answer is kept with its key. */
class NotStored extends Error {}

/** The stored answer, unless the key was used for another request (422); its events are announced again. */
async function replay(c: Context<AppEnv>, stored: StoredAnswer, fingerprint: string): Promise<Response> {
  if (stored.fingerprint !== fingerprint) throw idempotencyProblems.otherRequest();
  // The first request may have died between its commit and its announcement: announce it again
  // (a client that hears of a record twice refetches it twice, which is harmless).
  for (const event of stored.events) await c.var.ctx.announce(c.var.ctx.db, event);
  return c.json(stored.body as object, stored.status as 200, { "Idempotent-Replayed": "true" });
}

/** A JSON create: the key's lookup, the create and the stored answer in one transaction. */
const jsonCreate: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
  if (key === undefined) return next();
  const ctx = c.var.ctx;
  const id: KeyOf = { scope: keyScope(ctx.actor), key };
  const fingerprint = requestFingerprint(c.req.method, c.req.path, new Uint8Array(await c.req.arrayBuffer()));
  const published: PorticoEvent[] = [];
  const tasks: AfterCommit[] = [];
  let stored: StoredAnswer | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await tryLockKey(tx, id))) throw idempotencyProblems.inProgress();
      stored = await findStoredAnswer(tx, id);
      if (stored) return;
      // The create writes through this transaction; what it announces waits for the commit, so
      // nobody hears of a record that a failure below rolls back.
      // Its announcements join this transaction (ADR 038) and are kept with the answer for a replay.
      const scoped: ServiceContext = {
        ...ctx,
        db: tx,
        // What the create leaves for after this transaction (a generated PDF) runs after its commit.
        deferUntilCommit: (task) => tasks.push(task),
        announce: async (into, event) => {
          published.push(event);
          await ctx.announce(into, event);
        },
        record: async (into, change) => {
          published.push(...listOf(change.announce));
          await ctx.record(into, change);
        },
      };
      c.set("ctx", scoped);
      try {
        await next();
      } finally {
        c.set("ctx", ctx);
      }
      if (c.res.status < 200 || c.res.status > 299) throw new NotStored();
      const body: unknown = await c.res.clone().json();
      if (!(await storeAnswer(tx, id, { fingerprint, status: c.res.status, body, events: published }))) throw idempotencyProblems.inProgress();
    });
  } catch (error) {
    if (!(error instanceof NotStored)) throw error;
    return; // A refusal or a failure: it wrote nothing, and its key stays free for a retry.
  }
  if (stored) return replay(c, stored, fingerprint);
  for (const task of tasks) await task(ctx);
});

/**
 * An upload streams its body into the store without holding a transaction (ADR 022): its answer
 * is stored by the transaction that attaches the file. A retry receives the file again, finds the
 * key taken at that step, drops its copy and is sent the stored answer.
 */
const upload: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
  if (key === undefined) return next();
  const id: KeyOf = { scope: keyScope(c.var.ctx.actor), key };
  c.set("idempotentUpload", {
    async record(tx, { content, body, events }) {
      const fingerprint = requestFingerprint(c.req.method, c.req.path, content);
      const stored = await findStoredAnswer(tx, id);
      if (stored || !(await storeAnswer(tx, id, { fingerprint, status: 201, body, events }))) throw new KeyTaken(fingerprint);
    },
  });
  await next();
  const taken = c.error;
  if (!(taken instanceof KeyTaken)) return;
  const stored = await findStoredAnswer(c.var.ctx.db, id);
  if (!stored) return; // The other request's row is gone (swept): the 409 stands, and a retry creates afresh.
  c.error = undefined;
  c.res = undefined;
  c.res = await replay(c, stored, taken.fingerprint);
});

type RouteConfig = ReturnType<typeof createRoute>;

const headerDescription =
  `Makes this create safe to retry (Stripe's semantics, ADR 039): send a new key, 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters ` +
  "(a UUID), with each new record, and the same key with its retries. The same key with the same method, path and body within 24 hours " +
  "gets the first request's answer again (status and body, with `Idempotent-Replayed: true`) and creates nothing; with another request it " +
  "is 422. While the first request with a key is in progress, another with that key is 409. Only a successful answer is kept: after a " +
  "refusal or a failure the key is free. Keys are the caller's own: another user's or API token's key never meets this one.";

// Keyed as the document spells it. The middleware reads and checks the header itself, before this
// schema's validator (which looks the name up in lower case and so always finds it absent).
const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .openapi({ param: { name: IDEMPOTENCY_HEADER, in: "header", required: false }, description: headerDescription, example: "5f0c6a3e-8f7b-4c2e-9d51-3a7e2b9c4d10" }),
});

const middlewareOf = (middleware: RouteConfig["middleware"]): MiddlewareHandler[] =>
  middleware === undefined ? [] : Array.isArray(middleware) ? [...(middleware as MiddlewareHandler[])] : [middleware as MiddlewareHandler];

const inProgress = "a request with the same Idempotency-Key is in progress";

/**
 * Makes a create route take an `Idempotency-Key`: the middleware (after the route's own checks of
 * who may call it), the header in the document, and the 409 and 422 it may answer. One call per
 * route, so the document describes the header exactly where the server honours it.
 */
export function idempotent<R extends RouteConfig>(route: R, { upload: isUpload = false }: { upload?: boolean } = {}): R {
  const responses = route.responses as Record<number, { description: string }>;
  const conflict = responses[409] ? problem(`${responses[409].description}; or ${inProgress}`) : problem(`${inProgress[0]!.toUpperCase()}${inProgress.slice(1)}`);
  return {
    ...route,
    middleware: [...middlewareOf(route.middleware), isUpload ? upload : jsonCreate],
    request: { ...route.request, headers: idempotencyHeaders },
    responses: {
      ...route.responses,
      409: conflict,
      422: problem("The Idempotency-Key was used for another request (another method, path or body)"),
    },
  };
}
