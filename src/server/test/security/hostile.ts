import fc from "fast-check";
import { API_BODY_LIMIT_BYTES } from "@/server/http/security";

/** One generated request body: the exact text sent, and which generator made it. */
export interface HostileBody {
  kind: string;
  raw: string;
}

/** The explicit bidi embeddings, overrides and isolates: U+202A–U+202E, U+2066–U+2069. */
export const directionOverrides = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];

/** C0 control characters (tab, line feed and carriage return aside, which text may hold). */
export const controlCharacters = ["\u0000", "\u0001", "\u0007", "\b", "\u000B", "\f", "\u001B", "\u001F"];

/** Strings that have broken servers before: NUL and lone surrogates, SQL and template syntax, markup, odd unicode. */
export const hostileStrings = [
  "\u0000",
  "a\u0000b",
  ...controlCharacters.map((char) => `Plain ${char}text`),
  ...directionOverrides.map((char) => `Acme ${char}evil`),
  "\uD800",
  "x\uDFFFy",
  "\uFEFF",
  "\u202Eevil",
  "\u200B",
  "Z̷͉̈́a̴͖l̸g̶o̷",
  "𝕏".repeat(150),
  "é".normalize("NFD"),
  "' OR '1'='1",
  "'; DROP TABLE tickets; --",
  '" OR ""="',
  "1; SELECT pg_sleep(5)",
  "%",
  "_",
  "\\",
  "\\x00",
  "$1",
  "${7*7}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "\r\nSet-Cookie: injected=1",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e309",
  "9".repeat(400),
  " ".repeat(5000),
  "\t\n\r",
  "2026-02-30",
  "0000-00-00",
  "99999-12-31",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
];

const wrongTypes: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, Number.MIN_VALUE),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
  fc.constant({ $gt: "" }),
  fc.constant(["a", "b"]),
);

const anyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({ unit: "binary-ascii", maxLength: 60 }),
);

/** Keys a client might try to assign itself. */
const ownedKeys = ["id", "role", "companyId", "company_id", "createdBy", "senderId", "userId", "status", "isRead", "isAdmin", "createdAt", "slug"];

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};

const json = (kind: string) => (value: unknown): HostileBody => ({ kind, raw: JSON.stringify(value) ?? "null" });

/** Splices raw `"key": value` members in front of an object's members, so `__proto__` stays an own key. */
function withRawMembers(value: unknown, members: string): string {
  const text = JSON.stringify(asObject(value));
  return text === "{}" ? `{${members}}` : `{${members},${text.slice(1)}`;
}

function deeplyNested(depth: number, asArray: boolean): string {
  return asArray ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

const malformed = [
  "",
  "{",
  '{"a":',
  "{'single':'quotes'}",
  '{"a":1,}',
  "\uFEFF{}",
  "{} trailing",
  "[1,2",
  "nul",
  "undefined",
  '{"a":"\\u12"}',
  '{"a":"\\ud800"}',
  "\u0000",
  '{"__proto__":',
  "NaN",
];

/**
 * Bodies for one write endpoint: mostly the schema's own shape (`valid`), then each way of
 * breaking it. `keys` are the schema's field names (for targeted damage); `validWeight` lowers
 * the share of plausible bodies where each one is expensive (a sign-in hashes a password).
 */
export function hostileBodies(valid: fc.Arbitrary<unknown>, keys: string[], validWeight = 30): fc.Arbitrary<HostileBody> {
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant("x");
  const replaced = (kind: string, value: fc.Arbitrary<unknown>) =>
    fc.tuple(valid, key, value).map(([body, name, bad]) => json(kind)({ ...asObject(body), [name]: bad }));
  return fc.oneof(
    { weight: validWeight, arbitrary: valid.map(json("schema")) },
    { weight: 12, arbitrary: replaced("wrong type", wrongTypes) },
    { weight: 14, arbitrary: replaced("hostile string", anyString) },
    {
      weight: 8,
      arbitrary: fc
        .tuple(valid, fc.subarray(ownedKeys, { minLength: 1 }), fc.jsonValue())
        .map(([body, names, value]) => json("owned keys")({ ...asObject(body), ...Object.fromEntries(names.map((name) => [name, value])) })),
    },
    {
      weight: 6,
      arbitrary: valid.map((body) => ({
        kind: "prototype keys",
        raw: withRawMembers(body, '"__proto__":{"role":"admin","isAdmin":true,"polluted":1},"constructor":{"prototype":{"polluted":1}},"prototype":{"polluted":1}'),
      })),
    },
    { weight: 8, arbitrary: fc.jsonValue().map(json("arbitrary JSON")) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean(), key)
        .map(([depth, asArray, name]) => ({ kind: "deep nesting", raw: `{"${name}":${deeplyNested(depth, asArray)}}` })),
    },
    { weight: 4, arbitrary: fc.constantFrom(...malformed).map((raw) => ({ kind: "malformed JSON", raw })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, key, fc.constantFrom("x", "é", "\u0000", "<"), fc.boolean())
        .map(([body, name, char, overLimit]) => {
          // Just under the body limit (reaches the validators) or over it (413 before anything runs).
          const bytesPerChar = Buffer.byteLength(JSON.stringify(char)) - 2;
          const length = Math.floor((overLimit ? API_BODY_LIMIT_BYTES + 1024 : API_BODY_LIMIT_BYTES - 4096) / bytesPerChar);
          return json(overLimit ? "huge string (over the limit)" : "huge string (1 MB)")({ ...asObject(body), [name]: char.repeat(length) });
        }),
    },
  );
}
