import { hkdfSync } from "node:crypto";

const keys = new Map<string, Buffer>();

/**
 * A 32-byte key derived from `secret` (AUTH_SECRET) by HKDF-SHA256 for the one use `label` names:
 * a key of one use opens or forges nothing of another's. Derived once per secret and label.
 */
export function derivedKey(secret: string, label: string): Buffer {
  const cacheKey = JSON.stringify([label, secret]);
  let key = keys.get(cacheKey);
  if (!key) keys.set(cacheKey, (key = Buffer.from(hkdfSync("sha256", secret, "", label, 32))));
  return key;
}
