import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { derivedKey } from "../derived-key";

/**
 * A company provider's client secret (ADR 051), stored sealed with AES-256-GCM under a key derived
 * from AUTH_SECRET with a label of its own: a copy of the database alone signs in nowhere, and the
 * API never answers it. Changing AUTH_SECRET makes the stored secrets unreadable: an admin then
 * enters each company's secret again.
 */
const KEY_INFO = "portico sso client secrets v1";

export function sealClientSecret(authSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(authSecret, KEY_INFO), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), sealed.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The secret a sealed value holds; throws when it was sealed under another AUTH_SECRET or altered. */
export function openClientSecret(authSecret: string, sealed: string): string {
  const [version, iv, data, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !data || !tag) throw new Error("Not a sealed client secret");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey(authSecret, KEY_INFO), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
