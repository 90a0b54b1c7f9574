import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * The code that proves, on /setup, that whoever creates the first admin can read the server's log
 * (ADR 021). Derived from AUTH_SECRET, never stored: every process that shares the database (and
 * so the secret) prints and accepts the same code, and start-up writes no row for it (ADR 017).
 * 128 bits, so guessing is hopeless even before the per-address limit.
 */
const LABEL = "portico setup code";
const CODE_BYTES = 16;
/** Crockford's base32: no I, L, O or U, so what is read aloud or copied by hand is unambiguous. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** The code as typed: 26 characters, without separators. */
function rawCode(secret: string): string {
  return base32(createHmac("sha256", secret).update(LABEL).digest().subarray(0, CODE_BYTES));
}

/** The code as printed: groups of four, `ABCD-EFGH-…-XY`. */
export function setupCode(secret: string): string {
  return rawCode(secret).match(/.{1,4}/g)!.join("-");
}

/**
 * What was typed, as the code's characters: case, dashes and spaces do not matter, and the
 * letters Crockford's alphabet leaves out read as the digits they resemble.
 */
export function normalizeSetupCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s\-_]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

/** Compared in constant time (of the digests, so the length of a guess tells nothing either). */
export function isSetupCode(secret: string, input: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(rawCode(secret)), digest(normalizeSetupCode(input)));
}
