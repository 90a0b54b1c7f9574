import type { EventBus } from "../realtime/event-bus";
import type { Actor } from "../actor";

/**
 * Resolved sessions, kept in memory so most requests run no session query (ADR 010).
 *
 * Staleness is bounded three ways: every change to a session, role, membership or profile row
 * fires a database trigger whose NOTIFY evicts the user's or session's entries in every process
 * (drizzle/0005); a successful write by a user evicts that user's entries at once in the process
 * that served it (their own company creation is visible on the very next request); and an entry
 * lives at most `ttlMs` however it was missed (a lost LISTEN connection also clears everything).
 */
export interface CachedSession {
  actor: Actor;
  /** When the session itself expires (ms since epoch): an entry never outlives its session. */
  expiresAtMs: number;
}

interface Entry extends CachedSession {
  cachedAtMs: number;
}

export interface ActorCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/** Long enough that a busy session hits the cache, short enough to bound a missed eviction. */
export const ACTOR_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 10_000;

export class ActorCache {
  readonly #entries = new Map<string, Entry>();
  /**
   * The tokens of each user's entries: every write evicts its author's, and a scan of all entries
   * per write cost 3.5 % of the event loop with 5,000 streams' sessions cached (issue 21).
   */
  readonly #tokensByUser = new Map<string, Set<string>>();
  /** Moves on with every eviction: see `epoch`. */
  #evictions = 0;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: ActorCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? ACTOR_CACHE_TTL_MS;
    this.#maxEntries = options.maxEntries ?? MAX_ENTRIES;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Read before querying a session and passed to `set`: when an eviction came in meanwhile, the
   * row just read may predate the change that caused it, so it is not stored.
   */
  get epoch(): number {
    return this.#evictions;
  }

  /** The session behind `token`, when it was resolved recently and has not expired since. */
  get(token: string): CachedSession | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    const now = this.#now();
    if (now - entry.cachedAtMs >= this.#ttlMs || now >= entry.expiresAtMs) {
      this.#delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, session: CachedSession, epoch: number): void {
    if (this.#ttlMs <= 0 || epoch !== this.#evictions) return;
    this.#delete(token);
    // Map keeps insertion order, so the first key is the oldest entry.
    if (this.#entries.size >= this.#maxEntries) this.#delete(this.#entries.keys().next().value!);
    this.#entries.set(token, { ...session, cachedAtMs: this.#now() });
    const tokens = this.#tokensByUser.get(session.actor.userId);
    if (tokens) tokens.add(token);
    else this.#tokensByUser.set(session.actor.userId, new Set([token]));
  }

  /** Drops one session's entry, as when the session itself was just changed (renewed). */
  forget(token: string): void {
    this.#delete(token);
  }

  #delete(token: string): void {
    const entry = this.#entries.get(token);
    if (!entry) return;
    this.#entries.delete(token);
    const tokens = this.#tokensByUser.get(entry.actor.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.#tokensByUser.delete(entry.actor.userId);
  }

  evictSession(sessionId: string): void {
    this.#evictions += 1;
    for (const [token, entry] of this.#entries) if (entry.actor.sessionId === sessionId) this.#delete(token);
  }

  evictUser(userId: string): void {
    this.#evictions += 1;
    for (const token of [...(this.#tokensByUser.get(userId) ?? [])]) this.#delete(token);
  }

  clear(): void {
    this.#evictions += 1;
    this.#entries.clear();
    this.#tokensByUser.clear();
  }
}

/** What the database triggers send on ACTOR_CHANGES_CHANNEL: `user:<id>` or `session:<id>`. */
export function applyActorChange(cache: ActorCache, payload: string): void {
  const separator = payload.indexOf(":");
  const kind = payload.slice(0, separator);
  const id = payload.slice(separator + 1);
  if (kind === "user" && id) cache.evictUser(id);
  else if (kind === "session" && id) cache.evictSession(id);
  else cache.clear(); // Not a payload we know: forget everything rather than keep a stale entry.
}

/** A cache that every process's event bus keeps honest: sign-outs, trigger notices and resyncs evict. */
export function createActorCache(events: EventBus, options: ActorCacheOptions = {}): ActorCache {
  const cache = new ActorCache(options);
  events.subscribe({
    onEvent: () => {},
    onSessionEnded: (sessionId) => cache.evictSession(sessionId),
    onActorChanged: (payload) => applyActorChange(cache, payload),
    // Notices may have been lost while the LISTEN connection was down.
    onResync: () => cache.clear(),
    onClose: () => cache.clear(),
  });
  return cache;
}
