import { and, eq, ilike, sql, type Column, type SQL } from "drizzle-orm";
import { can, type PolicyActor } from "@/shared/policies";

/**
 * The tenant rule every service applies (DESIGN section 5): admins see every company's rows, a
 * customer only rows whose `companyColumn` is their company, and a customer without a company
 * none at all. Services do not call it directly: they use their entity's scope builder
 * (modules/scopes.ts), so each rule has one name.
 */
export function visibleTo(actor: PolicyActor, companyColumn: Column): SQL | undefined {
  // Stryker disable next-line StringLiteral: equivalent: can() allows an admin everything and no customer "readAll" of anything (an unknown action neither), so an emptied name decides the same
  if (can(actor, "readAll", "company")) return undefined;
  return actor.companyId ? eq(companyColumn, actor.companyId) : sql`false`;
}

/** `%q%` with the user's `%`, `_` and `\` taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, "\\$&")}%`;

/** Case-insensitive substring match with the user's `%`, `_` and `\` taken literally. */
export function containsText(column: Column, q: string): SQL {
  return ilike(column, containsPattern(q));
}

type Value = (name: string) => unknown;

/**
 * A list's WHERE clause written with placeholders, so that one prepared statement serves every
 * request of the same shape (ADR 010). `key` names the shape (which filters are present, never
 * their values); `values` fills the placeholders. It starts from the same tenant rule as
 * `visibleTo`, so a list built on it cannot forget the company scope.
 */
export class ListFilter {
  readonly values: Record<string, unknown> = {};
  readonly #shape: string[] = [];
  readonly #conditions: Array<(value: Value) => SQL> = [];

  constructor(actor: PolicyActor, companyColumn: Column) {
    // Stryker disable next-line StringLiteral: equivalent: can() allows an admin everything and no customer "readAll" of anything (an unknown action neither), so an emptied name decides the same
    if (can(actor, "readAll", "company")) {
      this.#shape.push("all");
    } else if (actor.companyId) {
      this.#add("own", (value) => eq(companyColumn, value("own")), actor.companyId);
    } else {
      this.#shape.push("none");
      this.#conditions.push(() => sql`false`);
    }
  }

  #add(name: string, condition: (value: Value) => SQL, value: unknown) {
    this.#shape.push(name);
    this.#conditions.push(condition);
    this.values[name] = value;
  }

  /**
   * A condition without a value, always present for this filter (e.g. "no drafts"): named in the
   * key, so a statement prepared without it is never reused for a filter with it.
   */
  always(name: string, condition: SQL): this {
    this.#shape.push(name);
    this.#conditions.push(() => condition);
    return this;
  }

  /** `column = value`, when a value was given. */
  equals(name: string, column: Column, value: string | null | undefined): this {
    if (value != null) this.#add(name, (v) => eq(column, v(name)), value);
    return this;
  }

  /** Case-insensitive substring match, when a search was given (as `containsText`). */
  contains(name: string, column: Column, q: string | undefined): this {
    if (q) this.#add(name, (v) => ilike(column, v(name) as string), containsPattern(q));
    return this;
  }

  get key(): string {
    return this.#shape.join("_");
  }

  /** With placeholders, for a prepared statement. */
  where(): SQL | undefined {
    return and(...this.#conditions.map((condition) => condition((name) => sql.placeholder(name))));
  }

  /** With the values inlined as parameters, for a one-off query. */
  whereWithValues(): SQL | undefined {
    return and(...this.#conditions.map((condition) => condition((name) => this.values[name])));
  }
}
