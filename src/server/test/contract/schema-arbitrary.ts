import fc from "fast-check";
import type { JsonSchema } from "./request-schemas";

/**
 * fast-check generators read from the JSON Schemas of the served OpenAPI document (the subset a
 * zod-openapi document uses: types, enums, anyOf/oneOf, formats, patterns, lengths, bounds,
 * objects and arrays). A generated value aims at the schema; the caller keeps only the values the
 * document's own validator calls valid, so keywords this generator does not steer by (`not`, an
 * object-level `oneOf`, `minProperties`) still decide. `hints` replace the generator of a
 * property by name (real record ids, so requests reach records rather than stopping at 404).
 */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/** Any text, including what a person might type in any script, and the odd character. */
const anyText = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: "grapheme" }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: "binary" }) },
  );

const isoDate = fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const simpleWord = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
/** Addresses any reasonable email pattern accepts; the validator filters the rest. */
const emailAddress = fc.tuple(simpleWord, simpleWord, fc.constantFrom("com", "org", "test", "example")).map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

/** A lookahead group, `(?!…)` or `(?=…)`, with at most one level of groups inside. */
const LOOKAHEAD = /\(\?[!=](?:[^()]|\([^()]*\))*\)/g;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 60, 400);
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return emailAddress;
    case "date":
      return isoDate;
    case "date-time":
      return fc.date({ noInvalidDate: true, min: new Date("1970-01-01T00:00:00Z"), max: new Date("2999-12-31T00:00:00Z") }).map((date) => date.toISOString());
    case "uri":
      return fc.webUrl({ validSchemes: ["http", "https"] });
  }
  if (typeof schema.pattern === "string") {
    // fast-check cannot generate from a lookahead: without it the pattern aims close, and the
    // document's validator keeps only what the whole pattern matches.
    const pattern = new RegExp(schema.pattern.replace(LOOKAHEAD, ""), "u");
    return fc.stringMatching(pattern).filter((value) => value.length >= minLength && value.length <= maxLength);
  }
  return anyText(minLength, maxLength);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMinimum = schema.exclusiveMinimum as number | undefined;
  const minimum = (schema.minimum as number | undefined) ?? (exclusiveMinimum !== undefined ? exclusiveMinimum : -1_000_000);
  const maximum = (schema.maximum as number | undefined) ?? 1_000_000;
  const step = (schema.multipleOf as number | undefined) ?? (integer ? 1 : undefined);
  if (step === undefined) return fc.double({ min: minimum, max: maximum, noNaN: true, noDefaultInfinity: true });
  // Whole steps, from near the bottom (small numbers are the common case) to the top.
  const low = Math.ceil(minimum / step);
  const high = Math.floor(maximum / step);
  return fc.oneof(fc.integer({ min: low, max: Math.min(high, low + 1000) }), fc.integer({ min: low, max: high })).map((n) => Number((n * step).toFixed(6)));
}

export function arbitraryOf(schema: JsonSchema | undefined, resolve: (ref: string) => JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue({ maxDepth: 2 });
  if (typeof schema.$ref === "string") return arbitraryOf(resolve(schema.$ref), resolve, hints);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ("const" in schema) return fc.constant(schema.const);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches && !schema.properties) return fc.oneof(...branches.map((branch) => arbitraryOf({ ...withoutKeys(schema, "anyOf", "oneOf"), ...branch }, resolve, hints)));
  if (Array.isArray(schema.type)) return fc.oneof(...(schema.type as string[]).map((type) => arbitraryOf({ ...schema, type }, resolve, hints)));
  switch (schema.type) {
    case "string":
      return stringArbitrary(schema);
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? 4, minLength + 4);
      const items = arbitraryOf(schema.items as JsonSchema | undefined, resolve, hints);
      return schema.uniqueItems ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) }) : fc.array(items, { minLength, maxLength });
    }
    case "object":
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const record = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, hints[key] ?? arbitraryOf(property, resolve, hints)]));
      return fc.record(record, { requiredKeys: ((schema.required as string[] | undefined) ?? []).filter((key) => key in record) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const withoutKeys = (schema: JsonSchema, ...keys: string[]) => Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));
