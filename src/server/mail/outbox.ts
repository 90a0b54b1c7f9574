import { inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { mailOutbox, type MailAttachment } from "../db/schema";
import type { Locale } from "@/shared/locales";
import { mailboxAddress, type Env } from "../env";
import type { MailHeaders } from "./mail-headers";
import type { MailFrame, MailTemplate, MailTemplateProps } from "./templates";

/**
 * One mail to queue: a template, its props, one recipient, the language it is written in (the
 * recipient's: mailLocaleOf in mail/mail-locale.ts; required, so that no caller forgets it) and,
 * for some mail, headers and attachments of its own (the worker renders those when it sends) and
 * the one address a reply goes to (`replyTo`: the transport sets Reply-To, no header may).
 */
export type MailRequest = {
  [K in MailTemplate]: {
    template: K;
    to: string;
    locale: Locale;
    props: MailTemplateProps[K];
    headers?: MailHeaders;
    attachments?: MailAttachment[];
    replyTo?: string;
  };
}[MailTemplate];

/**
 * Queues mail (D13). Call `enqueue` with the transaction of the write that causes the mail, so
 * that the mail is recorded if and only if the write commits; the insert's trigger wakes every
 * process's worker at that commit. Throws for a recipient that is no mail address (a caller's bug:
 * addresses are validated where they enter the system).
 */
export interface MailOutbox {
  enqueue(db: Database, mail: MailRequest): Promise<{ id: string }>;
}

export const MAX_ADDRESS_LENGTH = 254;

/** The recipient (or Reply-To) as stored; throws for anything but one mail address (CR/LF included). */
function checkedAddress(address: string): string {
  const to = mailboxAddress(address);
  if (!to || to !== address.trim() || to.length > MAX_ADDRESS_LENGTH) throw new Error(`Not a mail address: ${JSON.stringify(address)}`);
  return to;
}

const attachmentsOf = (mail: MailRequest) => (mail.attachments?.length ? mail.attachments : null);

/**
 * The Reply-To as stored, or null for none. A notification's is its signed reply address
 * (modules/inbound/reply-address.ts): whoever holds it can post as the recipient on one record, so
 * it is a live part like the headers' unsubscribe link, never shown in the outbox and dropped once
 * the worker is done with the mail (mail-worker.ts).
 */
const replyToOf = (mail: MailRequest) => (mail.replyTo === undefined ? null : checkedAddress(mail.replyTo));

/** A field name of RFC 5322 (printable ASCII but the colon), and the headers the transport sets itself. */
const HEADER_NAME = /^[!-9;-~]{1,76}$/;
const OWN_HEADERS = new Set(["from", "to", "cc", "bcc", "subject", "date", "message-id", "mime-version", "content-type", "content-transfer-encoding", "reply-to", "sender"]);
/** One line of printable text: no CR, LF or other control character, so a value cannot start a header or the body. */
const HEADER_VALUE = /^[^\p{Cc}]{0,900}$/u;

/** The headers as stored, or null for none; throws for a name or value that could forge the message (a caller's bug). */
function checkedHeaders(headers: MailHeaders | undefined): MailHeaders | null {
  if (!headers || Object.keys(headers).length === 0) return null;
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || OWN_HEADERS.has(name.toLowerCase())) throw new Error(`Not a header a mail may add: ${JSON.stringify(name)}`);
    if (!HEADER_VALUE.test(value)) throw new Error(`Not a one-line header value for ${name}: ${JSON.stringify(value)}`);
  }
  return { ...headers };
}

/**
 * The outbox of this installation's brand and address. The server passes `brandName`, the brand in
 * use (modules/settings/brand.ts: the stored one, else BRAND_NAME), read as each mail is written;
 * scripts without it write BRAND_NAME.
 */
export const outboxFor = (env: Pick<Env, "BRAND_NAME" | "BASE_URL">, brandName: () => string = () => env.BRAND_NAME) =>
  createMailOutbox(() => ({ brandName: brandName(), baseUrl: env.BASE_URL }));

/** `frame` is read for each mail, so a brand changed while the server runs is in the next one. */
export function createMailOutbox(frame: MailFrame | (() => MailFrame)): MailOutbox {
  const frameNow = typeof frame === "function" ? frame : () => frame;
  return {
    async enqueue(db, mail) {
      const to = checkedAddress(mail.to);
      const headers = checkedHeaders(mail.headers);
      const replyTo = replyToOf(mail);
      // Loaded on first use: React and the renderer stay out of the server's start-up (ADR 007).
      const [{ renderMail }, { redactedText }] = await Promise.all([import("./templates"), import("./redaction")]);
      const frame = frameNow();
      const rendered = await renderMail(mail.template, mail.props as never, frame, mail.locale);
      // The live parts are the transport's alone (the worker drops them once it is done with the
      // mail); the outbox shows the text with its secret links removed (redaction.ts).
      const shownText = redactedText(mail.template, mail.props as never, frame, rendered.text);
      const [row] = await db
        .insert(mailOutbox)
        .values({ template: mail.template, toAddress: to, subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html, headers, replyTo, shownText, attachments: attachmentsOf(mail) })
        .returning({ id: mailOutbox.id });
      return row!;
    },
  };
}

/**
 * Queues a mail that the worker renders when it sends it, with its process's brand and address
 * (mail-worker.ts): for a change listener (ADR 040), which runs in the change's transaction with
 * no process frame at hand. Recorded if and only if that transaction commits, like `enqueue`; the
 * outbox lists its subject at once (rendered without the frame: written again at the send, for a
 * template whose subject names the brand) and its text once the worker has rendered it.
 */
export async function queueMailRenderedAtSend(db: Database, mail: MailRequest): Promise<{ id: string }> {
  const to = checkedAddress(mail.to);
  const headers = checkedHeaders(mail.headers);
  const replyTo = replyToOf(mail);
  const { renderSubject } = await import("./templates");
  const subject = renderSubject(mail.template, mail.props as never, { brandName: "", baseUrl: "" }, mail.locale);
  const [row] = await db
    .insert(mailOutbox)
    .values({ template: mail.template, toAddress: to, subject, headers, replyTo, renderAtSend: { locale: mail.locale, props: { ...mail.props } }, attachments: attachmentsOf(mail) })
    .returning({ id: mailOutbox.id });
  return row!;
}

/**
 * Mail waiting to go (queued, including mail between retries) and mail given up on, for the
 * metrics (docs/operations.md). One statement; the failed count reads every failed row, which stays
 * small next to what a portal sends.
 */
export async function outboxCounts(db: Database): Promise<{ queued: number; failed: number }> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${mailOutbox.status} = 'queued')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ["queued", "failed"]));
  return { queued: row?.queued ?? 0, failed: row?.failed ?? 0 };
}
