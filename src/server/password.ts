import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * How hard a new password hash is to compute. `owasp` is the OWASP password storage cheat sheet's
 * scrypt N=2^17, r=8, p=1: 128 MiB and most of a second of CPU per hash on a small machine, on
 * purpose. `test-only-weak` (N=2^10) exists because the API suite creates and signs in well over
 * a thousand accounts; at the real cost that alone was most of the suite's CPU time. loadEnv
 * accepts it only with NODE_ENV=test. Verifying reads the parameters from the stored hash, so
 * either kind of hash verifies under either setting.
 */
export const PASSWORD_HASH_COSTS = {
  owasp: { N: 2 ** 17, r: 8, p: 1 },
  "test-only-weak": { N: 2 ** 10, r: 8, p: 1 },
} as const satisfies Record<string, ScryptOptions>;
export type PasswordHashCost = keyof typeof PASSWORD_HASH_COSTS;

const KEY_LENGTH = 64;
const PREFIX = "scrypt";

// maxmem is raised above Node's 32 MiB default for the 128 MiB of N=2^17. node:crypto runs scrypt
// on the libuv pool, off the event loop.
function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes in the format scrypt$N$r$p$salt$hash (base64), so parameters can be raised later without a reset. */
export function passwordHasher(cost: PasswordHashCost): (password: string) => Promise<string> {
  const params = PASSWORD_HASH_COSTS[cost];
  return async (password) => {
    const salt = randomBytes(16);
    const key = await derive(password, salt, params);
    return [PREFIX, params.N, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
  };
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [prefix, n, r, p, salt, expected] = hash.split("$");
  if (prefix !== PREFIX || !n || !r || !p || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}
