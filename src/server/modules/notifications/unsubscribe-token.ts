import { createHmac, timingSafeEqual } from "node:crypto";
import { notificationKinds, type NotificationKind } from "@/shared/rules/notifications";
import type { MailHeaders } from "@/server/mail/mail-headers";
import { derivedKey } from "../derived-key";

/**
 * The token of a mail's unsubscribe links (ADR 029): `<payload>.<mac>`, both base64url, the payload
 * `<user id>:<kind>` and the MAC an HMAC-SHA256 of it. It turns one kind of mail off for one user
 * and nothing else, so it is kept in no table, never expires and needs no session: a mail provider's
 * one-click POST (RFC 8058) carries no cookie. Changing AUTH_SECRET voids every link already sent.
 */
export interface UnsubscribeTarget {
  userId: string;
  kind: NotificationKind;
}

/** The key's own label: a key derived for this alone, so no other use of AUTH_SECRET can mint these. */
const KEY_INFO = "portico notification unsubscribe v1";

const mac = (secret: string, payload: string) => createHmac("sha256", derivedKey(secret, KEY_INFO)).update(payload).digest();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function unsubscribeToken(secret: string, { userId, kind }: UnsubscribeTarget): string {
  const payload = `${userId}:${kind}`;
  return `${Buffer.from(payload).toString("base64url")}.${mac(secret, payload).toString("base64url")}`;
}

/** The user and kind a token names, or null for one this server did not sign (forged, altered, cut short, malformed). */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const [encoded, signature, ...rest] = token.split(".");
  if (!encoded || !signature || rest.length > 0 || !BASE64URL.test(encoded) || !BASE64URL.test(signature)) return null;
  const payload = Buffer.from(encoded, "base64url").toString("utf8");
  const given = Buffer.from(signature, "base64url");
  const expected = mac(secret, payload);
  // Compared in constant time; a signature of another length cannot match and says nothing by failing.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kind] = payload.split(":");
  if (!userId || !UUID.test(userId) || !(notificationKinds as readonly string[]).includes(kind ?? "")) return null;
  return { userId, kind: kind as NotificationKind };
}

/** The public API address a mail provider POSTs to (List-Unsubscribe) and the web app's page a reader opens. */
export function unsubscribeUrls(env: { AUTH_SECRET: string; BASE_URL: string }, target: UnsubscribeTarget) {
  const token = encodeURIComponent(unsubscribeToken(env.AUTH_SECRET, target));
  return { oneClick: `${env.BASE_URL}/api/notifications/unsubscribe?token=${token}`, page: `${env.BASE_URL}/unsubscribe?token=${token}` };
}

/** RFC 2369 and RFC 8058: a mail client's "Unsubscribe" button POSTs to the link, and the token is the whole authority. */
export function unsubscribeHeaders(oneClickUrl: string): MailHeaders {
  return { "List-Unsubscribe": `<${oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
