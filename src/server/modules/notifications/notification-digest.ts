import { and, eq, isNull, lt, notExists, sql, type SQL } from "drizzle-orm";
import { rowsOf } from "../../db/rate-counter";
import { notificationDigests, notifications } from "../../db/schema";
import type { NotificationDigestSection } from "../../mail/templates/daily-digest";
import { lineWriter, linksFor, lockRows, markMailed, recipientOf, stillWanted, type MailRow, type NotificationMailDeps } from "./notification-mail";

/**
 * The day whose digest is due at `now`, on TIME_ZONE's calendar, and the instant it covers up to:
 * DIGEST_HOUR o'clock of that day. PostgreSQL does the calendar arithmetic, so a day that is 23 or
 * 25 hours long (daylight saving) ends where the zone's clocks say.
 */
export async function digestDay(deps: Pick<NotificationMailDeps, "db" | "env">, now: Date): Promise<{ day: string; cutoff: Date }> {
  const { TIME_ZONE: zone, DIGEST_HOUR: hour } = deps.env;
  const [row] = rowsOf<{ day: string; cutoff_ms: number }>(
    await deps.db.execute(sql`
      with local as (select (${now.toISOString()}::timestamptz at time zone ${zone})::date as day)
      select to_char(day, 'YYYY-MM-DD') as day,
        (extract(epoch from ((day + make_interval(hours => ${hour}::int)) at time zone ${zone})) * 1000)::float8 as cutoff_ms
      from local`),
  );
  return { day: row!.day, cutoff: new Date(Number(row!.cutoff_ms)) };
}

/**
 * Sends each recipient one digest a day of what they hear of daily (`mail = 'digest'`), once the
 * day's DIGEST_HOUR has passed on TIME_ZONE's clock: everything written before that hour and not
 * mailed yet. One transaction per recipient claims the day (the primary key of
 * `notification_digests`: of two processes only one inserts the row; the other's insert waits for
 * that commit and then finds it), locks and reads the rows, queues the mail and marks them mailed.
 * A process that dies half-way rolls back the claim with the rest, and the digest is sent by the
 * next run. Answers how many digests it queued, and how many recipients' failed (logged).
 */
export async function sendDigests(deps: NotificationMailDeps, now: Date = new Date()): Promise<{ digests: number; failed: number }> {
  const { db } = deps;
  const { day, cutoff } = await digestDay(deps, now);
  if (now < cutoff) return { digests: 0, failed: 0 };
  const waiting = and(eq(notifications.mail, "digest"), isNull(notifications.mailedAt), lt(notifications.createdAt, cutoff));
  const claimed = db
    .select({ one: sql`1` })
    .from(notificationDigests)
    .where(and(eq(notificationDigests.recipientId, notifications.recipientId), eq(notificationDigests.day, day)));
  const recipients = await db
    .selectDistinct({ id: notifications.recipientId })
    .from(notifications)
    .where(and(waiting, notExists(claimed)));
  const totals = { digests: 0, failed: 0 };
  for (const { id } of recipients) {
    try {
      if (await sendDigest(deps, id, day, and(waiting, eq(notifications.recipientId, id)))) totals.digests += 1;
    } catch (error) {
      // Rolled back whole, claim included: the next run tries this recipient again; the others go on.
      totals.failed += 1;
      deps.log?.warn({ event: "notifications.digest_failed", recipientId: id, day, err: error }, "notification digest: one recipient's digest failed; trying again at the next run");
    }
  }
  return totals;
}

/** One recipient's digest for `day`, in one transaction; false when another process has it or there is nothing to send. */
async function sendDigest(deps: NotificationMailDeps, recipientId: string, day: string, theirs: SQL | undefined): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const claim = await tx.insert(notificationDigests).values({ recipientId, day }).onConflictDoNothing().returning({ recipientId: notificationDigests.recipientId });
    if (claim.length === 0) return false;
    const rows = await lockRows(tx, theirs);
    const recipient = await recipientOf(tx, recipientId);
    const wanted = recipient ? await stillWanted(tx, recipient, rows) : [];
    if (recipient && wanted.length > 0) {
      const links = linksFor(deps.env, recipient);
      const line = lineWriter(deps.env.CURRENCY, recipient.locale);
      const newestFirst = [...wanted].reverse();
      const kinds = [...new Set(newestFirst.map((row) => row.kind))];
      await deps.outbox.enqueue(tx, {
        template: "notification-digest",
        to: recipient.email,
        locale: recipient.locale,
        props: {
          name: recipient.name,
          sections: sectionsOf(wanted, (row) => links.url(row), line),
          portalUrl: links.portalUrl,
          optOut: kinds.map((kind) => links.optOut(kind).link),
          preferencesUrl: links.preferencesUrl,
        },
        // A mail client's one button turns off the kind of the newest event; the text has a link per kind.
        headers: links.optOut(kinds[0]!).headers,
      });
    }
    await markMailed(tx, rows);
    return recipient !== undefined && wanted.length > 0;
  });
}

/** One section per record, the one with the latest event first; each section's lines oldest first. */
function sectionsOf(rows: readonly MailRow[], urlOf: (row: MailRow) => string, line: (row: MailRow) => string): NotificationDigestSection[] {
  const sections = new Map<string, NotificationDigestSection & { latest: number }>();
  for (const row of rows) {
    const key = `${row.words.subject.type}:${row.words.subject.id}`;
    const section = sections.get(key) ?? { about: row.words.subject.label, url: urlOf(row), lines: [], latest: 0 };
    section.lines.push(line(row));
    section.latest = row.createdAt.getTime();
    sections.set(key, section);
  }
  return [...sections.values()].sort((a, b) => b.latest - a.latest).map(({ latest: _, ...section }) => section);
}
