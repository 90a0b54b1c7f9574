import fc from "fast-check";
import type { z } from "zod";
import { controlCharacters, directionOverrides } from "./hostile";

/**
 * fast-check generators derived from the same zod schemas the routes validate with (zod 4's
 * public `_zod.def`), so the fuzzing follows the contracts as they change. A generated value is
 * plausible rather than always valid: lengths, formats and enums follow the schema, refinements
 * and cross-field rules are left to chance. `hints` override the generator of a key by name
 * (real ids, so requests reach the database instead of stopping at "no such record").
 */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

interface Def {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  element?: z.ZodType;
  minimum?: number;
  maximum?: number;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def; optin?: string } })._zod;

function lengthBounds(def: Def): { min: number; max: number } {
  let min = 0;
  let max = 300;
  for (const check of def.checks ?? []) {
    const { check: kind, minimum, maximum } = check._zod.def;
    if (kind === "min_length" && minimum !== undefined) min = Math.max(min, minimum);
    if (kind === "max_length" && maximum !== undefined) max = Math.min(max, maximum + 2); // just past the limit, too
  }
  return { min, max: Math.max(min, max) };
}

const isoDate = fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

function stringArbitrary(def: Def): fc.Arbitrary<unknown> {
  switch (def.format) {
    case "uuid":
    case "guid":
      return fc.uuid();
    case "email":
      return fc.emailAddress();
    case "url":
      return fc.webUrl({ validSchemes: ["http", "https"] });
    case "date":
      return isoDate;
    case "datetime":
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  }
  const { min, max } = lengthBounds(def);
  const plain = fc.string({ minLength: min, maxLength: max });
  return fc.oneof({ weight: 5, arbitrary: plain }, { weight: 5, arbitrary: fc.string({ minLength: min, maxLength: max, unit: "grapheme" }) }, { weight: 1, arbitrary: withInvisible(plain) });
}

/** A plausible text with one character every text field refuses (or, in a description, keeps) put somewhere in it. */
const withInvisible = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.constantFrom(...controlCharacters, ...directionOverrides), fc.nat()).map(([value, char, at]) => {
    const index = at % (value.length + 1);
    return `${value.slice(0, index)}${char}${value.slice(index)}`;
  });

export function arbitraryFor(schema: z.ZodType, hints: Hints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema).def;
  switch (def.type) {
    case "object": {
      const entries = Object.entries(def.shape ?? {});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, value] of entries) {
        record[key] = hints[key] ?? arbitraryFor(value, hints);
        if (defOf(value).optin !== "optional") requiredKeys.push(key);
      }
      return fc.record(record, { requiredKeys });
    }
    case "string":
      return stringArbitrary(def);
    case "number":
      return fc.oneof(fc.integer({ min: def.minimum ?? -1000, max: def.maximum ?? 100_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "enum":
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case "literal":
      return fc.constantFrom(...(def.values ?? [null]));
    case "optional":
      return fc.option(arbitraryFor(def.innerType!, hints), { nil: undefined, freq: 3 });
    case "default":
      return fc.option(arbitraryFor(def.innerType!, hints), { nil: undefined, freq: 3 });
    case "nullable":
      return fc.option(arbitraryFor(def.innerType!, hints), { nil: null, freq: 3 });
    case "pipe":
      return arbitraryFor(def.in!, hints);
    case "union":
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryFor(option, hints)));
    case "array":
      return fc.array(arbitraryFor(def.element!, hints), { maxLength: 5 });
    default:
      return fc.jsonValue();
  }
}
