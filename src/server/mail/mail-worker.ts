import { randomUUID } from "node:crypto";
import { and, eq, min, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Logger } from "../observability/logger";
import { afterMs, claimNext, exponentialRetry } from "../ops/claim";
import type { EventBus } from "../realtime/event-bus";
import { renderAttachments } from "./attachments";
import type { MailFrame, MailTemplate } from "./templates";
import { MailDeliveryError, type MailTransport, type OutgoingMail } from "./transport";

/**
 * When to try a refused mail again: after `firstDelayMs`, doubling per attempt up to `maxDelayMs`;
 * after `maxAttempts` it is marked failed. The defaults retry for about 15 hours (1, 2, 4 … 32
 * minutes, then hourly), so an SMTP server down overnight delays mail and loses none.
 */
export interface MailRetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

export const MAIL_RETRY: MailRetryPolicy = { firstDelayMs: 60_000, maxDelayMs: 60 * 60_000, maxAttempts: 20 };

/**
 * How long a claimed mail stays with the worker that claimed it. Longer than one SMTP exchange can
 * take (transport.ts bounds each wait), so a live worker always finishes before anyone else may
 * take the mail; a worker that died leaves a claim that runs out, and the mail goes out then.
 */
export const CLAIM_MS = 5 * 60_000;

/**
 * Once the transport has accepted a mail (an SMTP server took it, or it was printed to the log
 * without SMTP_URL), or it is given up on, its live parts (one-time links), headers (an
 * unsubscribe link) and Reply-To (a signed reply address) go: nobody may read them back. The
 * outbox shows only the redacted text (`shown_text`, mail/redaction.ts); a logged mail's links are
 * in the log alone (ADR 013).
 */
const withoutLiveParts = { textBody: null, htmlBody: null, headers: null, replyTo: null, renderAtSend: null } as const;

/**
 * Gives up on one mail, as a permanent refusal does (ADR 013): `failed` with `lastError` (the
 * answer, cut to the column's 2,000 characters), unclaimed, finished now, its live parts gone, and
 * `shown` written when the mail was rendered at this attempt; `attempts` stays as the claims counted
 * it. Only while `still` holds of the row (the worker's claim; for a bounce, mail that went out),
 * so a mail turns failed once. True when it did.
 */
export async function markMailFailed(db: Database, id: string, still: SQL, lastError: string, shown?: { subject: string; shownText: string }): Promise<boolean> {
  const marked = await db
    .update(mailOutbox)
    .set({ status: "failed", lastError: lastError.slice(0, 2000), claimId: null, finishedAt: sql`now()`, ...shown, ...withoutLiveParts })
    .where(and(eq(mailOutbox.id, id), still))
    .returning({ id: mailOutbox.id });
  return marked.length > 0;
}

/** A look at the outbox when nothing woke the worker: a NOTICE lost with a dropped connection. */
const POLL_MS = 30_000;

export interface MailWorkerOptions {
  db: Database;
  events: EventBus;
  transport: MailTransport;
  /** The brand and address of this process, for mail rendered when it is sent and for attachments (read at each attempt). */
  frame: () => MailFrame;
  retry?: MailRetryPolicy;
  log: Logger;
  /** A failed attempt: `retry` when the mail will be tried again, `failed` when given up on (metrics). */
  onFailure?(outcome: "retry" | "failed"): void;
}

export interface MailWorker {
  /** Looks for due mail now (the bus calls it when mail is queued in any process). */
  wake(): void;
  /** Finishes the mail in hand (at most `graceMs`), then stops; what is left stays queued. */
  stop(graceMs?: number): Promise<void>;
}

export const retryDelayMs = (policy: MailRetryPolicy, attempts: number) =>
  exponentialRetry({ firstMs: policy.firstDelayMs, maxMs: policy.maxDelayMs, maxAttempts: policy.maxAttempts }).delayMs(attempts);

/**
 * Delivers the outbox (ADR 013). Each mail is claimed in one short statement (`FOR UPDATE SKIP
 * LOCKED`, which also suits PGlite's single connection: no transaction stays open during a send),
 * sent, and its outcome recorded under the same claim, so N processes send each mail once.
 */
export function startMailWorker({ db, events, transport, frame, retry = MAIL_RETRY, log, onFailure = () => {} }: MailWorkerOptions): MailWorker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let wakeAgain = false;
  let timer: NodeJS.Timeout | undefined;

  /** Claims the longest-waiting due mail: its next attempt moves a claim's length ahead. */
  async function claim(claimId: string) {
    return claimNext(db, mailOutbox, {
      due: eq(mailOutbox.status, "queued"),
      claimId,
      claimMs: CLAIM_MS,
      returning: {
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        text: mailOutbox.textBody,
        html: mailOutbox.htmlBody,
        headers: mailOutbox.headers,
        replyTo: mailOutbox.replyTo,
        attempts: mailOutbox.attempts,
        template: mailOutbox.template,
        renderAtSend: mailOutbox.renderAtSend,
        attachments: mailOutbox.attachments,
      },
    });
  }

  type Claimed = NonNullable<Awaited<ReturnType<typeof claim>>>;

  /**
   * The mail as it goes out this attempt: its stored parts, or those of a mail rendered when it is
   * sent (outbox.ts, queueMailRenderedAtSend) with the subject and shown text to store; and its
   * attachments. Loaded on first use, like the outbox's renderer (ADR 007).
   */
  async function prepare(mail: Claimed): Promise<{ outgoing: OutgoingMail; shown?: { subject: string; shownText: string } }> {
    const now = frame();
    const attachments = await renderAttachments(db, now, mail.attachments);
    const base = { id: mail.id, to: mail.to, headers: mail.headers, replyTo: mail.replyTo, attachments };
    if (!mail.renderAtSend) return { outgoing: { ...base, subject: mail.subject, text: mail.text ?? "", html: mail.html ?? "" } };
    const [{ renderMail }, { redactedText }] = await Promise.all([import("./templates"), import("./redaction")]);
    const template = mail.template as MailTemplate;
    const { locale, props } = mail.renderAtSend;
    const rendered = await renderMail(template, props as never, now, locale);
    const shownText = redactedText(template, props as never, now, rendered.text);
    return { outgoing: { ...base, ...rendered }, shown: { subject: rendered.subject, shownText } };
  }

  async function deliver(mail: Claimed, claimId: string) {
    const mine = and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimId, claimId));
    // What the outbox shows of a mail rendered now: written with this attempt's outcome.
    let shown: { subject: string; shownText: string } | undefined;
    try {
      const prepared = await prepare(mail);
      shown = prepared.shown;
      await transport.send(prepared.outgoing);
    } catch (error) {
      const refusal = error instanceof MailDeliveryError ? error : new MailDeliveryError(String(error), false);
      const lastError = refusal.message.slice(0, 2000);
      if (refusal.permanent || mail.attempts >= retry.maxAttempts) {
        onFailure("failed");
        log.error({ event: "mail.failed", mailId: mail.id, to: mail.to, attempts: mail.attempts, error: lastError }, `mail to ${mail.to} failed for good after ${mail.attempts} attempt(s)`);
        await markMailFailed(db, mail.id, eq(mailOutbox.claimId, claimId), lastError, shown);
      } else {
        const delay = retryDelayMs(retry, mail.attempts);
        onFailure("retry");
        log.warn(
          { event: "mail.retry", mailId: mail.id, to: mail.to, attempts: mail.attempts, error: lastError, retryInMs: delay },
          `mail to ${mail.to}, attempt ${mail.attempts} failed; next try in ${delay < 10_000 ? `${delay} ms` : `${Math.round(delay / 1000)} s`}`,
        );
        await db.update(mailOutbox).set({ lastError, claimId: null, nextAttemptAt: afterMs(delay), ...shown }).where(mine);
      }
      return;
    }
    const sent = transport.kind === "smtp";
    if (sent) log.info({ event: "mail.sent", mailId: mail.id, attempts: mail.attempts }, "mail sent");
    await db
      .update(mailOutbox)
      .set({ status: sent ? "sent" : "logged", claimId: null, finishedAt: sql`now()`, ...shown, ...withoutLiveParts })
      .where(mine);
  }

  /** Sends due mail until none is left, then sleeps until the next retry is due (or a poll). */
  async function drain() {
    do {
      wakeAgain = false;
      while (!stopped) {
        const claimId = randomUUID();
        const mail = await claim(claimId);
        if (!mail) break;
        await deliver(mail, claimId);
      }
    } while (wakeAgain && !stopped);
    if (stopped) return;
    const [next] = await db
      .select({ waitMs: sql<number | null>`extract(epoch from (${min(mailOutbox.nextAttemptAt)} - now())) * 1000`.mapWith(Number) })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, "queued"));
    const waitMs = next?.waitMs ?? POLL_MS;
    sleep(Math.max(250, Math.min(POLL_MS, Number.isFinite(waitMs) ? waitMs : POLL_MS)));
  }

  function sleep(ms: number) {
    clearTimeout(timer);
    timer = setTimeout(wake, ms);
    timer.unref();
  }

  function wake() {
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((error: unknown) => {
        if (stopped) return;
        // The database is away (a restart, a failover): look again at the next poll.
        log.warn({ event: "mail.outbox_unreadable", err: error }, "mail: the outbox could not be read; looking again later");
        sleep(POLL_MS);
      })
      .finally(() => {
        running = undefined;
        // Woken while it was reading when the next mail is due: that reading may be stale.
        if (wakeAgain) wake();
      });
  }

  const unsubscribe = events.subscribe({ onEvent() {}, onMailQueued: wake, onResync: wake });
  wake();

  return {
    wake,
    async stop(graceMs = 5_000) {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise<void>((resolve) => (giveUp = setTimeout(resolve, graceMs)))]);
      clearTimeout(giveUp);
      transport.close();
    },
  };
}
