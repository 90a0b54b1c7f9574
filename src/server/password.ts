import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// OWASP password storage cheat sheet: scrypt with N=2^17, r=8, p=1. Needs 128 MiB per hash, so
// maxmem is raised above Node's 32 MiB default. node:crypto runs it on the libuv pool, off the
// event loop.
const params = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const PREFIX = "scrypt";

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Format: scrypt$N$r$p$salt$hash (base64), so parameters can be raised later without a reset. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return [PREFIX, params.N, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [prefix, n, r, p, salt, expected] = hash.split("$");
  if (prefix !== PREFIX || !n || !r || !p || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}
