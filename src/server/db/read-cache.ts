import type { PGlite } from "@electric-sql/pglite";

/**
 * Results of prepared list statements, for the embedded database only (ADR 010).
 *
 * An embedded PGlite belongs to one process (the data-dir lock), so every write passes through
 * the client wrapped here. Any statement that may write — and every transaction — moves the
 * generation on, before it runs and after it ends; a read's result is stored under the
 * generation current when the read *started* and served only while that generation is still
 * current. A cached answer is therefore exactly what the database would answer now. The listed
 * statements read no clock and no session state, so nothing else can change their result.
 *
 * Why: PGlite runs SQL on the event loop's own thread and a round trip costs ~0.5 ms of CPU even
 * for `select $1` (measured), so without this the embedded mode cannot serve more than a few
 * hundred list requests a second.
 */
export class ReadCache {
  #generation = 0;
  readonly #entries = new Map<string, { generation: number; rows: unknown }>();
  readonly #maxEntries: number;

  constructor(maxEntries = 2_000) {
    this.#maxEntries = maxEntries;
  }

  /** Every write, before and after. */
  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  async read<Rows>(statement: string, values: Record<string, unknown>, run: () => Promise<Rows>): Promise<Rows> {
    const key = `${statement}\u0000${JSON.stringify(values)}`;
    const hit = this.#entries.get(key);
    if (hit && hit.generation === this.#generation) return hit.rows as Rows;
    const generation = this.#generation;
    const rows = await run();
    if (generation === this.#generation) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(key, { generation, rows });
    }
    return rows;
  }
}

// A plain SELECT (no locking clause, no sequence or notification side effect) cannot write.
const PLAIN_SELECT = /^\s*select\b/i;
const SIDE_EFFECTS = /\b(for\s+(no\s+key\s+)?(update|share)|for\s+key\s+share|nextval|setval|pg_notify|lo_)\b/i;
export const mayWrite = (text: string) => !PLAIN_SELECT.test(text) || SIDE_EFFECTS.test(text);

/** Wraps the client's entry points so that every possible write invalidates `cache`. */
export function invalidateOnWrites(client: PGlite, cache: ReadCache): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const around = async <T>(write: boolean, run: () => Promise<T>): Promise<T> => {
    if (!write) return run();
    cache.invalidate();
    try {
      return await run();
    } finally {
      cache.invalidate();
    }
  };
  client.query = ((text: string, ...rest: unknown[]) =>
    around(mayWrite(text), () => (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest))) as PGlite["query"];
  client.exec = ((text: string, ...rest: unknown[]) =>
    around(true, () => (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest))) as PGlite["exec"];
  client.transaction = ((fn: Parameters<PGlite["transaction"]>[0]) => around(true, () => transaction(fn))) as PGlite["transaction"];
}

const caches = new WeakMap<object, ReadCache>();

export function attachReadCache(db: object, cache: ReadCache): void {
  caches.set(db, cache);
}

/** The read cache of an embedded database; none for PostgreSQL, which other processes write. */
export function readCacheOf(db: object): ReadCache | undefined {
  return caches.get(db);
}
