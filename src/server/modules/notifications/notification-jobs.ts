import { recordChange } from "@/server/changes/listeners";
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import type { MailOutbox } from "../../mail/outbox";
import type { Logger } from "../../observability/logger";
import { startPeriodicJob, type PeriodicJob } from "../../ops/periodic-job";
import { sendDigests } from "./notification-digest";
import { mailDueNotifications } from "./notification-mail";
import { remindOverdueInvoices } from "./overdue-reminders";

export interface NotificationJobsDeps {
  db: Database;
  outbox: MailOutbox;
  env: Pick<Env, "AUTH_SECRET" | "BASE_URL" | "CURRENCY" | "NOTIFICATION_MAIL_DELAY_SECONDS" | "DIGEST_HOUR" | "TIME_ZONE" | "INBOUND_DOMAIN">;
  log: Logger;
}

/** The longest a due notification waits past NOTIFICATION_MAIL_DELAY_SECONDS: one look this often. */
const IMMEDIATE_LOOK_MS = 15_000;
/** The digest hour is checked this often; each recipient's digest goes out once a day, whoever checks. */
export const DIGEST_LOOK_MS = 5 * 60_000;
/** Invoices become overdue at midnight where the business is: a look every quarter of an hour is soon enough. */
const OVERDUE_LOOK_MS = 15 * 60_000;

/** How often the at-once mail is looked for: every 15 s, or as often as the delay when it is shorter (at least every second). */
export const immediateLookMs = (delaySeconds: number) => Math.max(1_000, Math.min(IMMEDIATE_LOOK_MS, delaySeconds * 1_000));

export interface NotificationJobs {
  /** Waits for the runs in progress, then stops (server.ts, before the database closes). */
  stop(): Promise<void>;
}

/**
 * The notification jobs of this process (ADR 029): at-once mail, coalesced per record, the daily
 * digest, and the overdue-invoice reminders. Every process runs them; the rows they claim make each mail go out once. The tests
 * call mailDueNotifications and sendDigests themselves, with the `now` they need.
 */
export function startNotificationJobs({ db, outbox, env, log }: NotificationJobsDeps): NotificationJobs {
  const deps = { db, outbox, env, log };
  const jobs: PeriodicJob[] = [
    startPeriodicJob(
      async () => {
        const { mails, notifications } = await mailDueNotifications(deps);
        if (mails > 0) log.info({ event: "notifications.mailed", mails, notifications }, `notifications: ${mails} mail(s) queued for ${notifications} notification(s)`);
      },
      { intervalMs: immediateLookMs(env.NOTIFICATION_MAIL_DELAY_SECONDS), onError: (error) => log.warn({ event: "notifications.mail_round_failed", err: error }, "notification mail: the round failed; trying again at the next one") },
    ),
    startPeriodicJob(
      async () => {
        const { digests } = await sendDigests(deps);
        if (digests > 0) log.info({ event: "notifications.digests", digests }, `notifications: ${digests} daily digest(s) queued`);
      },
      { intervalMs: DIGEST_LOOK_MS, onError: (error) => log.warn({ event: "notifications.digest_round_failed", err: error }, "notification digest: the round failed; trying again at the next one") },
    ),
    startPeriodicJob(
      async () => {
        const reminded = await remindOverdueInvoices({ db, timeZone: env.TIME_ZONE, record: recordChange });
        if (reminded > 0) log.info({ event: "notifications.overdue_reminders", invoices: reminded }, `notifications: ${reminded} overdue invoice(s) reminded`);
      },
      { intervalMs: OVERDUE_LOOK_MS, onError: (error) => log.warn({ event: "notifications.overdue_round_failed", err: error }, "overdue reminders: the round failed; trying again at the next one") },
    ),
  ];
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
