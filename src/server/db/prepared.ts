import { createHash } from "node:crypto";
import type { Database } from "./client";
import { readCacheOf } from "./read-cache";

interface Executable {
  execute(values?: Record<string, unknown>): Promise<unknown>;
  getQuery(): { sql: string };
}

/**
 * Outside production every reuse of a name builds its statement again and compares the SQL: a name
 * that stood for two statements (two filter shapes given one key) would otherwise run the first
 * one's SQL for the second without a word. Production trusts the names and skips the build.
 */
const checksNames = process.env.NODE_ENV !== "production";

// Per database handle: tests open many, and a statement belongs to the handle it was built on.
const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * The prepared statement called `name`, built once per database handle. Drizzle then skips
 * building the SQL on every request (12 % of a list request's CPU), and PostgreSQL parses and
 * plans a named statement once per connection instead of on every execution (ADR 010).
 * `name` must identify the SQL exactly: same name, same statement.
 */
export function prepared<Statement extends Executable>(db: Database, name: string, build: (name: string) => Statement): Statement {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as Statement | undefined;
  if (statement && checksNames) assertSameStatement(name, statement, build(serverName(name)));
  if (!statement) {
    statement = build(serverName(name));
    const cache = readCacheOf(db);
    if (cache) {
      // Embedded database: served from its read cache while nothing has written (read-cache.ts).
      const execute = statement.execute.bind(statement);
      statement.execute = (values = {}) => cache.read(name, values, () => execute(values));
    }
    byName.set(name, statement);
  }
  return statement;
}

/** PostgreSQL's longest identifier: it cuts longer names short, and two statements would share one. */
const MAX_NAME = 63;

/**
 * The name the server knows a statement by: `name` itself, or for a long one (a list with every
 * filter at once) its start and a hash of the whole, so that each filter shape keeps a name of its own.
 */
export function serverName(name: string): string {
  if (name.length <= MAX_NAME) return name;
  const hash = createHash("sha256").update(name).digest("hex").slice(0, 16);
  return `${name.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}

function assertSameStatement(name: string, first: Executable, again: Executable) {
  const [before, now] = [first.getQuery().sql, again.getQuery().sql];
  if (before !== now) throw new Error(`prepared statement ${name} names two statements:\n${before}\n---\n${now}`);
}
