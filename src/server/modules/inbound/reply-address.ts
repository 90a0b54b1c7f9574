import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "../derived-key";

/**
 * The signed reply address of a notification mail (mail in): `reply+<token>@INBOUND_DOMAIN`, put
 * in the mail's Reply-To. A reply to it is posted as the mail's recipient on the one record the mail
 * was about: a ticket or a project (a comment), or a company's conversation (a message).
 *
 * The token is the lowercase base32 (RFC 4648 alphabet, no padding) of 43 bytes: the kind (1 byte),
 * the record's UUID (16), the recipient's UUID (16) and the first 10 bytes of an HMAC-SHA256 of
 * those 33 bytes. Base32 because mail systems may lowercase a local part, which base64 would not
 * survive; 69 characters, so the local part is 75 (RFC 5321 asks at most 64 of a sender, which
 * two UUIDs and a MAC cannot fit; receiving servers take longer ones). An 80-bit MAC cannot be
 * guessed by sending mail. The address is kept in no table and never expires, like an unsubscribe
 * link: changing AUTH_SECRET voids every one sent.
 */
export type ReplyTarget = { kind: "ticket" | "project" | "conversation"; id: string };

export const REPLY_LOCAL_PREFIX = "reply+";

/** The key's own label: a key derived for this alone, so no other use of AUTH_SECRET can mint these. */
const KEY_INFO = "portico inbound reply v1";

const KIND_BYTE: Record<ReplyTarget["kind"], number> = { ticket: 1, project: 2, conversation: 3 };
const KIND_OF_BYTE = new Map(Object.entries(KIND_BYTE).map(([kind, byte]) => [byte, kind as ReplyTarget["kind"]]));

const UUID_BYTES = 16;
const PAYLOAD_BYTES = 1 + UUID_BYTES + UUID_BYTES;
const MAC_BYTES = 10;
const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;
/** Five bits a character: 344 bits make 69 characters, the last carrying four bits and a zero. */
const TOKEN_LENGTH = Math.ceil((TOKEN_BYTES * 8) / 5);

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const mac = (secret: string, payload: Buffer) => createHmac("sha256", derivedKey(secret, KEY_INFO)).update(payload).digest().subarray(0, MAC_BYTES);

function base32(bytes: Buffer): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(value >>> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return bits > 0 ? out + ALPHABET[(value << (5 - bits)) & 31] : out;
}

/** The bytes of a token of exactly TOKEN_LENGTH characters of the alphabet, or null. */
function fromBase32(text: string): Buffer | null {
  if (text.length !== TOKEN_LENGTH) return null;
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 255);
    }
    value &= (1 << bits) - 1;
  }
  // The unused low bits of the last character are zero: one spelling per token, none to vary.
  if (value !== 0) return null;
  return Buffer.from(bytes);
}

function uuidBytes(id: string): Buffer {
  if (!UUID.test(id)) throw new Error(`Not a UUID: ${JSON.stringify(id)}`);
  return Buffer.from(id.replaceAll("-", ""), "hex");
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The address a reply to `recipientUserId`'s mail about `target` goes to; throws for an id that is no UUID (a caller's bug). */
export function replyAddress(secret: string, domain: string, recipientUserId: string, target: ReplyTarget): string {
  const payload = Buffer.concat([Buffer.of(KIND_BYTE[target.kind]), uuidBytes(target.id), uuidBytes(recipientUserId)]);
  return `${REPLY_LOCAL_PREFIX}${base32(Buffer.concat([payload, mac(secret, payload)]))}@${domain.toLowerCase()}`;
}

/**
 * The recipient and record an address names, or null for one this server did not sign for
 * `domain` (another domain or local part, altered, cut short, malformed). Case is ignored
 * throughout, as a mail system may change it. Never throws.
 */
export function readReplyAddress(secret: string, domain: string, address: string): { recipientUserId: string; target: ReplyTarget } | null {
  if (typeof address !== "string") return null;
  const lower = address.toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0 || lower.slice(at + 1) !== domain.toLowerCase()) return null;
  const local = lower.slice(0, at);
  if (!local.startsWith(REPLY_LOCAL_PREFIX)) return null;
  const bytes = fromBase32(local.slice(REPLY_LOCAL_PREFIX.length));
  if (!bytes || bytes.length !== TOKEN_BYTES) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  // Compared in constant time: a failed compare says nothing of how much of the MAC was right.
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(secret, payload))) return null;
  const kind = KIND_OF_BYTE.get(payload[0]!);
  if (!kind) return null;
  return {
    recipientUserId: uuidOf(payload.subarray(1 + UUID_BYTES)),
    target: { kind, id: uuidOf(payload.subarray(1, 1 + UUID_BYTES)) },
  };
}
