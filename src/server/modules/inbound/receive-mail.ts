import { eq } from "drizzle-orm";
import { INBOUND_SENDER_LIMIT, INBOUND_SENDER_WINDOW_MS, INBOUND_SUBJECT_KEPT, type InboundChannel, type InboundDropReason, type InboundPosting } from "@/shared/rules/inbound";
import { TICKET_TITLE_MAX } from "@/shared/rules/ticket";
import { createCommentInputSchema } from "@/shared/schemas/comment";
import { sendMessageInputSchema } from "@/shared/schemas/message";
import { createTicketInputSchema } from "@/shared/schemas/ticket";
import type { Actor, SystemActor } from "@/server/actor";
import { actorOfAccount } from "@/server/actor-row";
import { countInWindow } from "@/server/db/rate-counter";
import { inboundMails, profiles } from "@/server/db/schema";
import { notFound, Problem } from "@/server/http/problem";
import type { ActingContext, InboundSettings, ServiceContext } from "../context";
import { sendMessage } from "../messages/messages.service";
import { addProjectComment } from "../projects/project-comments.service";
import { inboxProjectOf } from "../projects/general-project";
import { createTicketComment } from "../tickets/ticket-comments.service";
import { createTicket } from "../tickets/tickets.service";
import { messageOwner, projectCommentOwner, ticketCommentOwner, ticketOwner, type FileOwner } from "../files/owners";
import { storeReceivedFile } from "../files/received-file";
import { recordBounce } from "./bounce";
import { dropReasonOf, InboundMailError, parseInboundMail, type InboundMessage } from "./inbound-message";
import { readReplyAddress, type ReplyTarget } from "./reply-address";

/**
 * The largest mail received, in bytes: an attachment of MAX_UPLOAD_MB grows by about a third in
 * base64, and the headers and text need room beside it. The receiver, the webhook and the parser
 * hold every mail to this one bound.
 */
export const inboundMailMaxBytes = (maxUploadMb: number) => Math.ceil(maxUploadMb * 1024 * 1024 * 1.4) + 64 * 1024;

/** One mail as it arrived: its bytes, and the SMTP envelope's recipients when the receiver knows them. */
export interface ReceivedMail {
  channel: InboundChannel;
  raw: Buffer;
  envelopeTo?: readonly string[];
}

export type InboundOutcome = { fate: "posted"; posted: InboundPosting; recordId: string } | { fate: "dropped"; reason: InboundDropReason };

/** What a mail is for: a reply to one record's notification, or the support address. */
type Destination = { kind: "reply"; address: string; recipientUserId: string; target: ReplyTarget } | { kind: "support"; address: string };

/**
 * A posting: what it became, the record it was posted to (for the log), and the record its
 * attachments go to, looked up again once the post is committed (owners.ts checks the sender may).
 */
type Posted = { posted: InboundPosting; recordId: string; companyId: string | null; filesGoTo: (committed: ServiceContext) => Promise<FileOwner> };

/** A refusal on the way to posting: the mail is dropped for `reason` and nothing is written. */
class Dropped extends Error {
  constructor(
    readonly reason: InboundDropReason,
    readonly address: string | null = null,
    readonly userId: string | null = null,
  ) {
    super(reason);
  }
}

/**
 * Receives one mail (ADR 044), from the SMTP receiver or a provider's webhook: parses it, drops
 * what must never be posted (bounces, loops, auto-replies, bulk mail, failed SPF/DKIM/DMARC, forged
 * reply addresses, wrong senders, too many mails from one sender), and posts the rest as the user
 * it is from, through the same services a web write goes through, so history, notifications,
 * webhooks, realtime and audit follow. Each mail is logged once with its fate; the same Message-ID
 * again is a duplicate and changes nothing. 404 when mail in is off.
 */
export async function receiveInboundMail(ctx: ActingContext<SystemActor>, mail: ReceivedMail): Promise<InboundOutcome> {
  const settings = ctx.settings.inbound;
  if (!settings) throw notFound("Mail in is off (INBOUND_DOMAIN is unset)");
  let message: InboundMessage;
  try {
    message = await parseInboundMail(mail.raw, { maxBytes: inboundMailMaxBytes(ctx.settings.maxUploadMb) });
  } catch (error) {
    if (!(error instanceof InboundMailError)) throw error;
    return logDrop(ctx, mail, null, new Dropped("invalid"));
  }
  try {
    const unwanted = dropReasonOf(message, settings.messageIdDomain);
    // A bounce of one of our mails marks it failed in the outbox, as a refusal by SMTP would.
    if (unwanted === "bounce") await recordBounce(ctx.db, mail.raw, settings.messageIdDomain, ctx.log);
    if (unwanted) throw new Dropped(unwanted);
    const destination = destinationOf(settings, mail.envelopeTo?.length ? mail.envelopeTo : message.recipients);
    if (!destination) throw new Dropped("unknown_recipient");
    if (!message.from) throw new Dropped("unknown_sender", destination.address);
    const { count } = await countInWindow(ctx.db, `inbound:${message.from}`, INBOUND_SENDER_WINDOW_MS);
    if (count > INBOUND_SENDER_LIMIT) throw new Dropped("rate_limited", destination.address);
    const sender = await senderOf(ctx, destination, message.from);
    return await postAndLog(ctx, mail, message, destination, sender);
  } catch (error) {
    if (error instanceof Dropped) return logDrop(ctx, mail, message, error);
    throw error;
  }
}

/** The first recipient at INBOUND_DOMAIN that Portico answers at; a reply address before the support address. */
function destinationOf(settings: InboundSettings, recipients: readonly string[]): Destination | null {
  const ours = recipients.map((address) => address.trim().toLowerCase()).filter((address) => address.endsWith(`@${settings.domain}`));
  for (const address of ours) {
    if (!address.startsWith("reply+")) continue;
    const read = readReplyAddress(settings.authSecret, settings.domain, address);
    if (!read) throw new Dropped("bad_token", address);
    return { kind: "reply", address, ...read };
  }
  const support = `${settings.supportLocalPart}@${settings.domain}`;
  return ours.includes(support) ? { kind: "support", address: support } : null;
}

/** Who the mail is posted as: the reply address's recipient, from their own address; for the support address, a customer of a company. */
async function senderOf(ctx: ActingContext<SystemActor>, destination: Destination, from: string): Promise<Actor> {
  if (destination.kind === "reply") {
    const actor = await actorOfAccount(ctx.db, destination.recipientUserId, { activeOnly: true });
    if (!actor) throw new Dropped("no_access", destination.address);
    if (actor.email.toLowerCase() !== from) throw new Dropped("wrong_sender", destination.address, actor.userId);
    return actor;
  }
  // Addresses are stored in lower case (accounts.ts), as `from` is.
  const [account] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, from));
  const actor = account && (await actorOfAccount(ctx.db, account.id, { activeOnly: true }));
  if (!actor || actor.role !== "customer" || !actor.companyId) throw new Dropped("unknown_sender", destination.address);
  return actor;
}

/**
 * Claims the mail's Message-ID, posts it as `sender` and records its fate, in one transaction: a
 * crash leaves neither a post without its log line nor a log line without its post. A refusal of
 * the service (the record is gone or no longer theirs: 403, 404; its rules: 400) rolls it all back
 * and the mail is logged as dropped instead.
 */
async function postAndLog(ctx: ActingContext<SystemActor>, mail: ReceivedMail, message: InboundMessage, destination: Destination, sender: Actor): Promise<InboundOutcome> {
  const deferred: Array<(committed: ServiceContext) => Promise<unknown>> = [];
  let outcome: InboundOutcome;
  let posted: Posted | undefined;
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const claimed = await claim(tx, mail, message, destination.address);
      if (!claimed) return { fate: "dropped", reason: "duplicate" } as const;
      const asSender: ServiceContext = { ...ctx, db: tx, actor: sender, deferUntilCommit: (task) => deferred.push(task) };
      posted = await post(asSender, destination, message);
      await tx.update(inboundMails).set({ posted: posted.posted, recordId: posted.recordId, userId: sender.userId, companyId: posted.companyId }).where(eq(inboundMails.id, claimed));
      return { fate: "posted", posted: posted.posted, recordId: posted.recordId } as const;
    });
  } catch (error) {
    // Ours (a 5xx, the database): thrown, so the receiver answers "try again later" and nothing is lost.
    if (!(error instanceof Problem) || error.status >= 500) throw error;
    const reason = error.status === 403 || error.status === 404 ? "no_access" : "invalid";
    return logDrop(ctx, mail, message, new Dropped(reason, destination.address, sender.userId));
  }
  const committed: ServiceContext = { ...ctx, actor: sender };
  for (const task of deferred) await task(committed);
  if (posted && message.attachments.length > 0) await storeAttachments(committed, await posted.filesGoTo(committed), message.attachments);
  if (outcome.fate === "posted") ctx.log.info({ event: "inbound.posted", channel: mail.channel, posted: outcome.posted, recordId: outcome.recordId, userId: sender.userId }, "inbound: a mail was posted");
  else ctx.log.info({ event: "inbound.duplicate", channel: mail.channel, messageId: message.messageId }, "inbound: a mail received before was received again");
  return outcome;
}

/** What the mail becomes, by the same services and rules as the web's form. */
async function post(ctx: ServiceContext, destination: Destination, message: InboundMessage): Promise<Posted> {
  const text = textOf(message);
  const companyId = customerCompanyOf(ctx);
  if (destination.kind === "support") {
    const project = await inboxProjectOf(ctx, { companyId: ctx.actor.companyId! });
    // A subject longer than a title may be is cut to fit rather than the whole mail refused.
    const title = (message.subject.trim() || "(no subject)").slice(0, TICKET_TITLE_MAX);
    const ticket = await createTicket(ctx, checked(createTicketInputSchema, { projectId: project.id, title, description: text, priority: "medium" }));
    return { posted: "ticket", recordId: ticket.id, companyId: ctx.actor.companyId, filesGoTo: (committed) => ticketOwner(committed, ticket.id) };
  }
  const { target } = destination;
  if (target.kind === "ticket") {
    const comment = await createTicketComment(ctx, { ticketId: target.id, comment: checked(createCommentInputSchema, { content: text }) });
    return { posted: "ticket_comment", recordId: target.id, companyId, filesGoTo: (committed) => ticketCommentOwner(committed, { id: target.id, commentId: comment.id }) };
  }
  if (target.kind === "project") {
    const comment = await addProjectComment(ctx, { projectId: target.id, comment: checked(createCommentInputSchema, { content: text }) });
    return { posted: "project_comment", recordId: target.id, companyId, filesGoTo: (committed) => projectCommentOwner(committed, { id: target.id, commentId: comment.id }) };
  }
  // A customer's reply goes to their own company's conversation only; another company's is not theirs.
  if (ctx.actor.role === "customer" && ctx.actor.companyId !== target.id) throw new Dropped("no_access", destination.address, ctx.actor.userId);
  const sent = await sendMessage(ctx, checked(sendMessageInputSchema, { content: text, companyId: target.id }));
  return { posted: "message", recordId: target.id, companyId: target.id, filesGoTo: (committed) => messageOwner(committed, sent.message.id) };
}

/** The reply's text; a mail of attachments alone says which files it brought, as a comment must say something. */
function textOf(message: InboundMessage): string {
  if (message.text || message.attachments.length === 0) return message.text;
  return `Attached by mail: ${message.attachments.map((file) => file.filename ?? "file").join(", ")}`;
}

/**
 * The mail's attachments as files of the record it was posted to, each by the rules of an upload:
 * one that breaks them (a type not allowed, too large) is left out and logged, never the post.
 */
async function storeAttachments(ctx: ServiceContext, owner: FileOwner, attachments: InboundMessage["attachments"]): Promise<void> {
  for (const file of attachments) {
    try {
      await storeReceivedFile(ctx, { owner, file });
    } catch (error) {
      if (!(error instanceof Problem) || error.status >= 500) throw error;
      ctx.log.warn({ event: "inbound.attachment_refused", filename: file.filename, contentType: file.contentType, detail: error.detail }, "inbound: an attachment was left out");
    }
  }
}

/** The company a customer's post belongs to; an admin's reply names none (the record says whose it is). */
const customerCompanyOf = ({ actor }: ServiceContext) => (actor.role === "customer" ? actor.companyId : null);

/** The input as the route's schema would accept it; a refusal is a 400, which drops the mail as invalid. */
function checked<Output>(schema: { safeParse(input: unknown): { success: true; data: Output } | { success: false } }, input: unknown): Output {
  const result = schema.safeParse(input);
  if (!result.success) throw new Dropped("invalid");
  return result.data;
}

/** Inserts the mail's log row, unless its Message-ID was received before; answers the row's id, or null for a duplicate. */
async function claim(db: ServiceContext["db"], mail: ReceivedMail, message: InboundMessage | null, recipient: string | null, reason?: InboundDropReason): Promise<string | null> {
  const [row] = await db
    .insert(inboundMails)
    .values({
      channel: mail.channel,
      fromAddress: clip(message?.from ?? null, 320),
      recipient: clip(recipient, 320),
      subject: clip(message?.subject ?? "", INBOUND_SUBJECT_KEPT) ?? "",
      messageId: clip(message?.messageId ?? null, 998),
      reason: reason ?? null,
    })
    .onConflictDoNothing({ target: inboundMails.messageId })
    .returning({ id: inboundMails.id });
  return row?.id ?? null;
}

async function logDrop(ctx: ActingContext<SystemActor>, mail: ReceivedMail, message: InboundMessage | null, dropped: Dropped): Promise<InboundOutcome> {
  const claimed = await claim(ctx.db, mail, message, dropped.address, dropped.reason);
  const reason = claimed ? dropped.reason : "duplicate";
  ctx.log.warn({ event: "inbound.dropped", channel: mail.channel, reason, from: message?.from ?? null, recipient: dropped.address, userId: dropped.userId }, "inbound: a mail was dropped");
  return { fate: "dropped", reason };
}

const clip = (text: string | null, max: number) => (text === null ? null : text.length > max ? text.slice(0, max) : text);
