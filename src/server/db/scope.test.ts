import { isNotNull, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PolicyActor } from "@/shared/policies";
import type { DatabaseHandle } from "./client";
import { companies } from "./schema";
import { ListFilter, containsPattern, containsText, visibleTo } from "./scope";
import { openTestDatabase } from "../test/harness";

/**
 * The tenant rule and the list filters built on it, run against a database of their own: which
 * rows each actor gets, with the values inlined and as a prepared statement, and what names the
 * statement. The services reach this module through modules/scopes.ts; the security suites check
 * the same rule through the API.
 */
let database: DatabaseHandle;
const ids: Record<string, string> = {};

const NAMES = ["Acme 50% off", "Acme 500 off", "Snake_case Ltd", "Snakexcase Ltd", "Back\\slash Co", "Backslash Co"];

beforeAll(async () => {
  database = await openTestDatabase();
  const rows = await database.db
    .insert(companies)
    .values(NAMES.map((name, i) => ({ name, phone: i % 2 === 0 ? "even" : "odd" })))
    .returning({ id: companies.id, name: companies.name });
  for (const row of rows) ids[row.name] = row.id;
});
afterAll(() => database?.close());

const admin: PolicyActor = { role: "admin", companyId: null };
const customer = (name: string): PolicyActor => ({ role: "customer", companyId: ids[name]! });
const homeless: PolicyActor = { role: "customer", companyId: null };

/** In code-point order, whatever the database's collation. */
const sorted = (names: string[]) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

const namesWhere = async (where: SQL | undefined) => sorted((await database.db.select({ name: companies.name }).from(companies).where(where)).map((row) => row.name));

let statementCount = 0;
/** The filter's rows twice: as a prepared statement filled with its values, and as a one-off query. */
async function namesOf(filter: ListFilter): Promise<string[]> {
  const prepared = await database.db
    .select({ name: companies.name })
    .from(companies)
    .where(filter.where())
    .prepare(`scope_test_${(statementCount += 1)}`)
    .execute(filter.values);
  const oneOff = await namesWhere(filter.whereWithValues());
  expect(sorted(prepared.map((row) => row.name))).toEqual(oneOff);
  return oneOff;
}

describe("visibleTo: the tenant rule of a one-off query", () => {
  it("gives an admin every company's rows, a customer their own company's, a customer without a company none", async () => {
    expect(visibleTo(admin, companies.id)).toBeUndefined();
    expect(await namesWhere(visibleTo(customer("Acme 50% off"), companies.id))).toEqual(["Acme 50% off"]);
    expect(await namesWhere(visibleTo(customer("Backslash Co"), companies.id))).toEqual(["Backslash Co"]);
    expect(await namesWhere(visibleTo(homeless, companies.id))).toEqual([]);
  });
});

describe("ListFilter: the tenant rule of a list, with its filters", () => {
  it("starts from the same tenant rule as visibleTo", async () => {
    expect(await namesOf(new ListFilter(admin, companies.id))).toEqual(await namesWhere(undefined));
    expect(await namesOf(new ListFilter(customer("Snake_case Ltd"), companies.id))).toEqual(["Snake_case Ltd"]);
    expect(await namesOf(new ListFilter(homeless, companies.id))).toEqual([]);
    // A filter cannot widen what the tenant rule allows.
    expect(await namesOf(new ListFilter(homeless, companies.id).equals("phone", companies.phone, "even"))).toEqual([]);
    expect(await namesOf(new ListFilter(customer("Acme 500 off"), companies.id).equals("phone", companies.phone, "even"))).toEqual([]);
  });

  it("applies an equality only when a value was given", async () => {
    const even = NAMES.filter((_, i) => i % 2 === 0);
    expect(await namesOf(new ListFilter(admin, companies.id).equals("phone", companies.phone, "even"))).toEqual(sorted(even));
    expect(await namesOf(new ListFilter(customer("Acme 50% off"), companies.id).equals("phone", companies.phone, "even"))).toEqual(["Acme 50% off"]);
    const everyone = await namesWhere(undefined);
    expect(await namesOf(new ListFilter(admin, companies.id).equals("phone", companies.phone, undefined))).toEqual(everyone);
    expect(await namesOf(new ListFilter(admin, companies.id).equals("phone", companies.phone, null))).toEqual(everyone);
    // An empty string is a value (a column can hold it), not "no filter".
    expect(await namesOf(new ListFilter(admin, companies.id).equals("phone", companies.phone, ""))).toEqual([]);
  });

  it("matches a search case-insensitively, anywhere in the text, only when one was given", async () => {
    expect(await namesOf(new ListFilter(admin, companies.id).contains("q", companies.name, "ACME"))).toEqual(["Acme 50% off", "Acme 500 off"]);
    expect(await namesOf(new ListFilter(admin, companies.id).contains("q", companies.name, "case lt"))).toEqual(["Snake_case Ltd", "Snakexcase Ltd"]);
    const everyone = await namesWhere(undefined);
    expect(await namesOf(new ListFilter(admin, companies.id).contains("q", companies.name, undefined))).toEqual(everyone);
    expect(await namesOf(new ListFilter(admin, companies.id).contains("q", companies.name, ""))).toEqual(everyone);
  });

  it("takes the searcher's %, _ and \\ literally", async () => {
    const search = (q: string) => namesOf(new ListFilter(admin, companies.id).contains("q", companies.name, q));
    expect(await search("50%")).toEqual(["Acme 50% off"]);
    expect(await search("0% o")).toEqual(["Acme 50% off"]);
    expect(await search("e_c")).toEqual(["Snake_case Ltd"]);
    expect(await search("k\\s")).toEqual(["Back\\slash Co"]);
    expect(await search("%")).toEqual(["Acme 50% off"]);
    expect(await search("_")).toEqual(["Snake_case Ltd"]);
  });

  it("adds a condition without a value", async () => {
    const named = new ListFilter(customer("Acme 500 off"), companies.id).always("with_phone", isNotNull(companies.phone));
    expect(await namesOf(named)).toEqual(["Acme 500 off"]);
    const none = new ListFilter(admin, companies.id).always("never", isNotNull(companies.address));
    expect(await namesOf(none)).toEqual([]);
  });

  it("carries only the values of the filters given, under their names", () => {
    const acme = customer("Acme 50% off");
    expect(new ListFilter(admin, companies.id).values).toEqual({});
    expect(new ListFilter(homeless, companies.id).values).toEqual({});
    expect(new ListFilter(acme, companies.id).equals("phone", companies.phone, "even").contains("q", companies.name, "50%").values).toEqual({
      own: acme.companyId,
      phone: "even",
      q: "%50\\%%",
    });
  });
});

describe("ListFilter.key: the name of the prepared statement's shape", () => {
  const acme = () => customer("Acme 50% off");
  const snake = () => customer("Snake_case Ltd");

  it("names the tenant rule and each filter present, in order", () => {
    expect(new ListFilter(admin, companies.id).key).toBe("all");
    expect(new ListFilter(acme(), companies.id).key).toBe("own");
    expect(new ListFilter(homeless, companies.id).key).toBe("none");
    expect(new ListFilter(acme(), companies.id).always("issued", isNotNull(companies.phone)).equals("phone", companies.phone, "x").contains("q", companies.name, "y").key).toBe(
      "own_issued_phone_q",
    );
  });

  it("is the same for the same shape whatever the values, and differs with the SQL", () => {
    const shapes: Array<() => ListFilter> = [
      () => new ListFilter(admin, companies.id),
      () => new ListFilter(acme(), companies.id),
      () => new ListFilter(snake(), companies.id),
      () => new ListFilter(homeless, companies.id),
      () => new ListFilter(admin, companies.id).equals("phone", companies.phone, "even"),
      () => new ListFilter(admin, companies.id).equals("phone", companies.phone, "odd"),
      () => new ListFilter(admin, companies.id).equals("phone", companies.phone, undefined),
      () => new ListFilter(acme(), companies.id).equals("phone", companies.phone, "even"),
      () => new ListFilter(snake(), companies.id).equals("phone", companies.phone, "odd"),
      () => new ListFilter(homeless, companies.id).equals("phone", companies.phone, "odd"),
      () => new ListFilter(admin, companies.id).contains("q", companies.name, "a"),
      () => new ListFilter(acme(), companies.id).contains("q", companies.name, "b"),
      () => new ListFilter(acme(), companies.id).contains("q", companies.name, ""),
      () => new ListFilter(acme(), companies.id).equals("phone", companies.phone, "x").contains("q", companies.name, "b"),
      () => new ListFilter(acme(), companies.id).always("issued", isNotNull(companies.phone)),
      () => new ListFilter(admin, companies.id).always("issued", isNotNull(companies.phone)),
    ];
    const sqlOf = (filter: ListFilter) => database.db.select().from(companies).where(filter.where()).toSQL().sql;
    const filters = shapes.map((shape) => shape());
    for (const a of filters) {
      for (const b of filters) expect(a.key === b.key, `${a.key} / ${b.key}`).toBe(sqlOf(a) === sqlOf(b));
      for (const value of Object.values(a.values)) expect(a.key).not.toContain(String(value));
    }
  });
});

describe("containsPattern and containsText", () => {
  it("escapes %, _ and \\ and wraps the search in %", () => {
    expect(containsPattern("a")).toBe("%a%");
    expect(containsPattern("100%_\\x")).toBe("%100\\%\\_\\\\x%");
    expect(containsPattern("%%__")).toBe("%\\%\\%\\_\\_%");
  });

  it("finds the text case-insensitively, with the search's wildcards taken literally", async () => {
    expect(await namesWhere(containsText(companies.name, "snake_"))).toEqual(["Snake_case Ltd"]);
    expect(await namesWhere(containsText(companies.name, "ACME 50%"))).toEqual(["Acme 50% off"]);
  });
});
