import { and, asc, eq, inArray, isNull, lte, min, sql, type SQL } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { Locale } from "@/shared/locales";
import { notificationPath, type MailDelivery, type NotificationKind, type NotificationWords } from "@/shared/rules/notifications";
import type { Database } from "../../db/client";
import { notifications, profiles, userRoles } from "../../db/schema";
import type { Env } from "../../env";
import { translator } from "../../mail/i18n";
import { mailLocale, mailLocaleColumns } from "../../mail/mail-locale";
import { notificationLineWriter } from "../../mail/notification-words";
import type { MailOutbox } from "../../mail/outbox";
import type { Logger } from "../../observability/logger";
import { replyAddress, type ReplyTarget } from "../inbound/reply-address";
import { deliveriesOf } from "./mail-deliveries";
import { selectNotices, subjectOf } from "./notification-select";
import { unsubscribeHeaders, unsubscribeUrls } from "./unsubscribe-token";

/**
 * Notifications by mail (ADR 029). What is to be mailed is in the `notifications` rows themselves
 * (`mail`, `mailed_at`): a job claims due rows `FOR UPDATE SKIP LOCKED`, queues one mail in the
 * outbox (ADR 013, which retries it) and marks them mailed, all in one transaction. So a row is
 * mailed once whichever process runs the job, and a process that dies half-way leaves nothing
 * half-done: its transaction rolls back and the rows are due again.
 */

export interface NotificationMailDeps {
  db: Database;
  outbox: MailOutbox;
  env: Pick<Env, "AUTH_SECRET" | "BASE_URL" | "CURRENCY" | "NOTIFICATION_MAIL_DELAY_SECONDS" | "DIGEST_HOUR" | "TIME_ZONE" | "INBOUND_DOMAIN">;
  log?: Logger;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** One locked notification with the words its mail needs: its record as it is called now. */
export interface MailRow {
  id: bigint;
  kind: NotificationKind;
  createdAt: Date;
  companyId: string;
  words: NotificationWords;
}

/**
 * Locks the rows `where` picks that no other transaction holds (`SKIP LOCKED`: two processes
 * never wait on each other's rows, and never both take one) and reads them, oldest first.
 */
export async function lockRows(tx: Transaction, where: SQL | undefined): Promise<MailRow[]> {
  const rows = await selectNotices(tx)
    .where(where)
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .for("update", { of: notifications, skipLocked: true });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt,
    companyId: row.companyId,
    words: { kind: row.kind, subject: subjectOf(row), actorName: row.actorName, field: row.field, from: row.from, to: row.to, excerpt: row.excerpt },
  }));
}

/** Who a mail goes to, and which area of the portal its links open. */
export interface Recipient {
  id: string;
  name: string;
  email: string;
  /** A deactivated account cannot sign in: its notifications are marked mailed and none is sent. */
  active: boolean;
  area: "customer" | "admin";
  /** The language their mail is written in (mail/mail-locale.ts). */
  locale: Locale;
}

export async function recipientOf(tx: Transaction, userId: string): Promise<Recipient | undefined> {
  const [row] = await tx
    .select({ name: profiles.fullName, email: profiles.email, deactivatedAt: profiles.deactivatedAt, role: userRoles.role, ...mailLocaleColumns })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(eq(profiles.id, userId));
  if (!row) return undefined;
  const area = can({ role: row.role ?? "customer", companyId: null }, "readAll", "company") ? "admin" : "customer";
  return { id: userId, name: row.name, email: row.email, active: row.deactivatedAt === null, area, locale: mailLocale(row) };
}

/**
 * The rows to put in a mail: the recipient is active and has not turned the row's kind off since it
 * was written (its `mail` was decided then). The rest are marked mailed with them, and never sent.
 */
export async function stillWanted(tx: Transaction, recipient: Recipient, rows: readonly MailRow[]): Promise<MailRow[]> {
  if (!recipient.active) return [];
  const deliveries: Map<NotificationKind, MailDelivery> = await deliveriesOf(tx, recipient.id, [...new Set(rows.map((row) => row.kind))]);
  return rows.filter((row) => deliveries.get(row.kind) !== "off");
}

export async function markMailed(tx: Transaction, rows: readonly MailRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .update(notifications)
    .set({ mailedAt: sql`now()` })
    .where(inArray(notifications.id, rows.map((row) => row.id)));
}

/**
 * The sentence of one row in the recipient's language, with amounts in the installation's currency
 * (as on the invoice PDF); in English, what the panel's describeNotification says.
 */
export function lineWriter(currency: string, locale: Locale) {
  const line = notificationLineWriter(translator(locale), currency);
  return (row: MailRow) => line(row.words);
}

/** The links every notification mail carries for its recipient. */
export function linksFor(env: NotificationMailDeps["env"], recipient: Recipient) {
  return {
    url: (row: MailRow) => `${env.BASE_URL}${notificationPath({ subject: row.words.subject, companyId: row.companyId }, recipient.area)}`,
    portalUrl: `${env.BASE_URL}${recipient.area === "admin" ? "/admin" : "/dashboard"}`,
    preferencesUrl: `${env.BASE_URL}${recipient.area === "admin" ? "/admin/account" : "/dashboard/account"}`,
    /** The web page in the mail's text, and the List-Unsubscribe headers a mail client's button POSTs to. */
    optOut: (kind: NotificationKind) => {
      const urls = unsubscribeUrls(env, { userId: recipient.id, kind });
      return { link: { kind, url: urls.page }, headers: unsubscribeHeaders(urls.oneClick) };
    },
  };
}

/**
 * The one ticket, project or conversation every row is about, or none: an invoice, a company, or
 * rows about two subjects (a company's conversation and the company itself share a group, neither
 * having a record of its own).
 */
function replyTargetOf(rows: readonly MailRow[]): ReplyTarget | undefined {
  const { type, id } = rows[0]!.words.subject;
  if (type !== "ticket" && type !== "project" && type !== "conversation") return undefined;
  return rows.every(({ words: { subject } }) => subject.type === type && subject.id === id) ? { kind: type, id } : undefined;
}

/**
 * Mail in: a mail's Reply-To, the recipient's signed reply address for its one record, so that a
 * reply is posted there as them. None without INBOUND_DOMAIN, or for rows with no one such record.
 */
function replyToFor(env: NotificationMailDeps["env"], recipient: Recipient, rows: readonly MailRow[]): string | undefined {
  if (!env.INBOUND_DOMAIN) return undefined;
  const target = replyTargetOf(rows);
  return target && replyAddress(env.AUTH_SECRET, env.INBOUND_DOMAIN, recipient.id, target);
}

/** Groups listed per run; a run that fills the batch looks again, so a backlog drains within one run. */
const GROUP_BATCH = 200;

/**
 * One group of rows mailed together: one recipient, one record (a ticket, a project, an invoice, a quote) or,
 * for a conversation's and a company's notifications, the company.
 */
interface Group {
  recipientId: string;
  companyId: string;
  ticketId: string | null;
  projectId: string | null;
  invoiceId: string | null;
  quoteId: string | null;
}

const sameOrNull = <T>(column: Parameters<typeof isNull>[0], value: T | null) => (value === null ? isNull(column) : eq(column, value));

/**
 * Mails what is due "at once" (`mail = 'immediate'`, not mailed yet) as of `now`: one mail per
 * recipient and record whose oldest unmailed row is NOTIFICATION_MAIL_DELAY_SECONDS old, listing
 * every row of the group (several quick events on one ticket make one mail). Each group is one
 * transaction. Answers how many mails it queued, how many rows it marked mailed and how many
 * groups failed (logged; due again at the next run).
 */
export async function mailDueNotifications(deps: NotificationMailDeps, now: Date = new Date()): Promise<{ mails: number; notifications: number; failed: number }> {
  const { db, env } = deps;
  const dueBefore = new Date(now.getTime() - env.NOTIFICATION_MAIL_DELAY_SECONDS * 1000);
  const waiting = and(eq(notifications.mail, "immediate"), isNull(notifications.mailedAt), lte(notifications.createdAt, now));
  const totals = { mails: 0, notifications: 0, failed: 0 };
  for (;;) {
    const groups: Group[] = await db
      .select({
        recipientId: notifications.recipientId,
        companyId: notifications.companyId,
        ticketId: notifications.ticketId,
        projectId: notifications.projectId,
        invoiceId: notifications.invoiceId,
        quoteId: notifications.quoteId,
      })
      .from(notifications)
      .where(waiting)
      .groupBy(notifications.recipientId, notifications.companyId, notifications.ticketId, notifications.projectId, notifications.invoiceId, notifications.quoteId)
      .having(lte(min(notifications.createdAt), dueBefore))
      .orderBy(asc(min(notifications.createdAt)))
      .limit(GROUP_BATCH);
    let handled = 0;
    for (const group of groups) {
      try {
        const outcome = await mailGroup(deps, group, waiting, dueBefore);
        handled += outcome.notifications;
        totals.mails += outcome.mails;
        totals.notifications += outcome.notifications;
      } catch (error) {
        // Rolled back whole: the group is due again at the next run; the others go on.
        totals.failed += 1;
        deps.log?.warn({ event: "notifications.mail_failed", recipientId: group.recipientId, err: error }, "notification mail: one mail failed; trying again at the next run");
      }
    }
    // A short batch was all there was; a full one that another process had locked (or that failed) is left to the next run.
    if (groups.length < GROUP_BATCH || handled === 0) return totals;
  }
}

/**
 * The whole group or none of it, for this transaction: `SKIP LOCKED` alone lets two processes
 * scanning one group at the same moment lock some of its rows each, and both mail their part. A
 * transaction-scoped advisory lock on the group's key is taken without waiting; whoever does not
 * get it skips the group (a hash collision between two groups only delays one to the next run).
 */
async function claimGroup(tx: Transaction, group: Group): Promise<boolean> {
  const key = [group.recipientId, group.companyId, group.ticketId ?? "", group.projectId ?? "", group.invoiceId ?? "", group.quoteId ?? ""].join(":");
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as claimed`);
  // Both drivers answer { rows }; Drizzle's type of a raw statement's result is driver-neutral.
  return (result as unknown as { rows: { claimed: boolean }[] }).rows[0]?.claimed === true;
}

async function mailGroup(deps: NotificationMailDeps, group: Group, waiting: SQL | undefined, dueBefore: Date) {
  return deps.db.transaction(async (tx) => {
    if (!(await claimGroup(tx, group))) return { mails: 0, notifications: 0 };
    const rows = await lockRows(
      tx,
      and(
        waiting,
        eq(notifications.recipientId, group.recipientId),
        eq(notifications.companyId, group.companyId),
        sameOrNull(notifications.ticketId, group.ticketId),
        sameOrNull(notifications.projectId, group.projectId),
        sameOrNull(notifications.invoiceId, group.invoiceId),
        sameOrNull(notifications.quoteId, group.quoteId),
      ),
    );
    // Another process has the group (or mailed it since the listing), or holds its older rows and
    // left only newer ones, which wait for their own window.
    if (rows.length === 0 || rows[0]!.createdAt > dueBefore) return { mails: 0, notifications: 0 };
    const recipient = await recipientOf(tx, group.recipientId);
    const wanted = recipient ? await stillWanted(tx, recipient, rows) : [];
    if (recipient && wanted.length > 0) {
      const newest = wanted.at(-1)!;
      const links = linksFor(deps.env, recipient);
      const optOut = links.optOut(newest.kind);
      const replyTo = replyToFor(deps.env, recipient, wanted);
      await deps.outbox.enqueue(tx, {
        template: "notification",
        to: recipient.email,
        locale: recipient.locale,
        props: {
          name: recipient.name,
          about: newest.words.subject.label,
          lines: wanted.map(lineWriter(deps.env.CURRENCY, recipient.locale)),
          url: links.url(newest),
          optOut: optOut.link,
          preferencesUrl: links.preferencesUrl,
        },
        headers: optOut.headers,
        ...(replyTo && { replyTo }),
      });
    }
    await markMailed(tx, rows);
    return { mails: recipient && wanted.length > 0 ? 1 : 0, notifications: rows.length };
  });
}
