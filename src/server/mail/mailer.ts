import type { Database } from "../db/client";
import type { Env } from "../env";
import type { EventBus } from "../realtime/event-bus";
import { startMailWorker, type MailRetryPolicy, type MailWorker } from "./mail-worker";
import { outboxFor, type MailOutbox } from "./outbox";
import { logTransport, smtpTransport } from "./transport";

export interface Mailer {
  outbox: MailOutbox;
  worker: MailWorker;
}

export interface MailerOptions {
  /** Tests shorten the waits between attempts. */
  retry?: MailRetryPolicy;
}

/** The outbox and this process's worker, delivering through SMTP_URL or, without it, to the log. */
export function startMailer(env: Env, db: Database, events: EventBus, options: MailerOptions = {}): Mailer {
  const host = new URL(env.BASE_URL).hostname;
  const info = (block: string) => {
    if (env.LOG_LEVEL === "info") console.log(block);
  };
  const error = (line: string) => {
    if (env.LOG_LEVEL !== "silent") console.error(line);
  };
  const transport = env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM, host) : logTransport(info);
  return {
    outbox: outboxFor(env),
    worker: startMailWorker({ db, events, transport, log: error, ...(options.retry ? { retry: options.retry } : {}) }),
  };
}
