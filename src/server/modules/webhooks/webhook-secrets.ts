import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { derivedKey } from "../derived-key";

/**
 * Endpoint secrets (ADR 031). A secret is `whsec_` and 32 random bytes in base64, the form the
 * Standard Webhooks libraries take. It is shown once, when the endpoint is registered or its
 * secret rotated, and stored encrypted (AES-256-GCM) under a key derived from AUTH_SECRET with a
 * label of its own, so a copy of the database alone signs nothing. Changing AUTH_SECRET makes the
 * stored secrets unreadable: rotate each endpoint's secret after such a change.
 */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

const KEY_INFO = "portico webhook secrets v1";
const keyOf = (authSecret: string) => derivedKey(authSecret, KEY_INFO);

export function sealWebhookSecret(authSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(authSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), sealed.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The secret a sealed value holds; throws when it was sealed under another AUTH_SECRET or altered. */
export function openWebhookSecret(authSecret: string, sealed: string): string {
  const [version, iv, data, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !data || !tag) throw new Error("Not a sealed webhook secret");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(authSecret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
