import { inArray } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import type { Database } from "@/server/db/client";
import { mailOutbox } from "@/server/db/schema";
import { markMailFailed } from "@/server/mail/mail-worker";
import type { Logger } from "@/server/observability/logger";
import { dropReasonOf, parseInboundMail } from "./inbound-message";

/** The parts of a report (RFC 3464, RFC 6533 for SMTPUTF8 mail) that hold the bounced message or its header. */
const ORIGINAL_PARTS = new Set(["message/rfc822", "message/global", "text/rfc822-headers", "message/global-headers"]);
const STATUS_PARTS = new Set(["message/delivery-status", "message/global-delivery-status"]);

/** The Message-ID the transport gives a mail: its outbox row's id at BASE_URL's host (mail/transport.ts). */
const OWN_MESSAGE_ID = /^<?\s*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@([^<>\s@]+)\s*>?$/i;
/**
 * A header line quoted in the text of a bounce that follows no standard (qmail, old Exim):
 * `Message-ID: <…>`. Nothing in it crosses a line end, so crafted text costs linear time.
 */
const QUOTED_MESSAGE_ID = /^[ \t>]*message-id:[ \t]*(<[^<>\s]{1,500}>)/im;
/** An SMTP refusal with its enhanced status code, as such a bounce quotes the remote server: `550 5.1.1 <x@…>: …`. */
const QUOTED_REFUSAL = /\b5\d\d[ -](5\.\d{1,3}\.\d{1,3})\b.*/;
/** A non-standard notice that a mail is only late, not refused (Exim's "Warning: message … delayed"). */
const DELAY_NOTICE = /\b(?:warning|delay|delayed)\b/i;

/**
 * Records a bounce of mail Portico sent (issue 44: "a bounce goes to the outbox's failure count").
 * For a delivery status notification (RFC 3464) that reports a recipient `failed`, or a bounce that
 * follows no standard but comes from a mailer daemon, it finds the bounced mail's Message-ID (in the
 * report's message/rfc822 or text/rfc822-headers part, Gmail's X-Original-Message-ID, the
 * In-Reply-To and References fields, or a quoted `Message-ID:` line, in that order: the first one
 * found names the mail) and, when that is `<outbox id@messageIdDomain>` of a mail that went out
 * (`sent` or `logged`), marks it failed as the worker marks a permanent refusal, with the report's
 * Status and Diagnostic-Code as its last error. Anything else (no bounce, a delay notice, another
 * domain's or an unknown mail, one already failed, bytes that are no mail) changes nothing and
 * answers null; only the database's own errors throw.
 */
export async function recordBounce(db: Database, raw: Buffer, messageIdDomain: string, log: Logger): Promise<{ outboxId: string } | null> {
  const bounce = await readBounce(raw, messageIdDomain);
  const bounced = bounce && ownOutboxId(bounce.messageId, messageIdDomain);
  if (!bounce || !bounced) return null;
  const lastError = bounce.answer ? `bounced: ${bounce.answer}` : "bounced";
  // Mail still queued is the worker's; failed mail keeps the answer it failed with.
  if (!(await markMailFailed(db, bounced, inArray(mailOutbox.status, ["sent", "logged"]), lastError))) return null;
  log.warn({ event: "mail.bounced", outboxId: bounced, status: bounce.status }, `mail ${bounced} ${lastError}`);
  return { outboxId: bounced };
}

interface Bounce {
  /** The bounced mail's Message-ID as written, or null when the bounce names none. */
  messageId: string | null;
  /** The report's Status (`5.1.1`), or null. */
  status: string | null;
  /** The refusal in words: the Diagnostic-Code without its type, after the Status when it does not repeat it. */
  answer: string | null;
}

/** What a bounce says, or null for a mail that is no bounce, a report of no failure, or bytes that are no mail. */
async function readBounce(raw: Buffer, messageIdDomain: string): Promise<Bounce | null> {
  let mail: ParsedMail;
  try {
    // The same notion of a bounce as the pipeline's drop rules (inbound-message.ts); the size was
    // the caller's to bound.
    if (dropReasonOf(await parseInboundMail(raw, { maxBytes: Number.POSITIVE_INFINITY }), messageIdDomain) !== "bounce") return null;
    // Kept as a part of its own: mailparser otherwise appends the report's fields to the text.
    mail = await simpleParser(raw, { keepDeliveryStatus: true, skipTextToHtml: true, skipImageLinks: true });
  } catch {
    return null;
  }
  const report = mail.attachments.find((part) => STATUS_PARTS.has(part.contentType.toLowerCase()));
  const groups = report ? fieldGroups(report.content.toString("utf8")) : [];
  const text = mail.text ?? "";
  let status: string | null;
  let answer: string | null;
  if (report) {
    // Per recipient (RFC 3464 2.3): `delayed`, `delivered`, `relayed` and `expanded` report no failure.
    const failed = groups.find((fields) => firstWord(fields.get("action")) === "failed");
    if (!failed) return null;
    status = firstWord(failed.get("status"));
    const diagnostic = failed.get("diagnostic-code")?.replace(/^[\w-]+\s*;\s*/, "") || null;
    answer = diagnostic && status && !diagnostic.includes(status) ? `${status} ${diagnostic}` : (diagnostic ?? status);
  } else {
    if (DELAY_NOTICE.test(mail.subject ?? "")) return null;
    const refusal = QUOTED_REFUSAL.exec(text);
    status = refusal?.[1] ?? null;
    answer = refusal?.[0].trim() ?? null;
  }
  return { messageId: await bouncedMessageId(mail, groups, text), status, answer };
}

/** The first Message-ID the bounce gives for the mail it returns, most reliable source first. */
async function bouncedMessageId(mail: ParsedMail, groups: ReadonlyArray<Map<string, string>>, text: string): Promise<string | null> {
  for (const part of mail.attachments) {
    if (!ORIGINAL_PARTS.has(part.contentType.toLowerCase())) continue;
    try {
      const original = await simpleParser(part.content, { skipTextToHtml: true, skipImageLinks: true, skipHtmlToText: true });
      if (original.messageId) return original.messageId;
    } catch {
      // A part that cannot be read names nothing; the next source may.
    }
  }
  const references = typeof mail.references === "string" ? [mail.references] : (mail.references ?? []);
  const found = [...groups.map((fields) => fields.get("x-original-message-id")), mail.inReplyTo, references.at(-1), QUOTED_MESSAGE_ID.exec(text)?.[1]];
  return found.find((messageId) => messageId?.trim())?.trim() ?? null;
}

/** The outbox id a Message-ID names when it is one of ours (`<uuid@messageIdDomain>`), else null. */
function ownOutboxId(messageId: string | null, messageIdDomain: string): string | null {
  const [, id, domain] = OWN_MESSAGE_ID.exec(messageId ?? "") ?? [];
  return id && domain?.toLowerCase() === messageIdDomain.toLowerCase() ? id.toLowerCase() : null;
}

/**
 * The field groups of a delivery-status part (RFC 3464 2.1): the message's, then one per
 * recipient, separated by blank lines; each `Name: value`, folded lines joined, names lowercased.
 */
function fieldGroups(content: string): Array<Map<string, string>> {
  const groups: Array<Map<string, string>> = [];
  let group = new Map<string, string>();
  let last: string | null = null;
  for (const line of content.split(/\r?\n/)) {
    if (line.trim() === "") {
      if (group.size > 0) groups.push(group);
      group = new Map();
      last = null;
    } else if (/^[ \t]/.test(line)) {
      if (last !== null) group.set(last, `${group.get(last) ?? ""} ${line.trim()}`.trim());
    } else {
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      if (!group.has(last)) group.set(last, line.slice(colon + 1).trim());
      else last = null;
    }
  }
  if (group.size > 0) groups.push(group);
  return groups;
}

/** The first word of a field's value, lowercased (`failed (bad mailbox)` is `failed`), or null. */
function firstWord(value: string | undefined): string | null {
  return value?.trim().split(/[\s(;]/)[0]?.toLowerCase() || null;
}
