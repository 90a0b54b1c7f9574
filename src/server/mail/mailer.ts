import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "../observability/logger";
import type { Metrics } from "../observability/metrics";
import type { EventBus } from "../realtime/event-bus";
import { startMailWorker, type MailRetryPolicy, type MailWorker } from "./mail-worker";
import { createMailOutbox, type MailOutbox } from "./outbox";
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
export function startMailer(
  env: Env,
  db: Database,
  events: EventBus,
  log: Logger,
  metrics: Pick<Metrics, "mailFailure">,
  options: MailerOptions = {},
  brandName: () => string = () => env.BRAND_NAME,
): Mailer {
  const host = new URL(env.BASE_URL).hostname;
  const transport = env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM, host) : logTransport(log);
  // One frame for the mail rendered when it is queued and for what the worker renders when it sends.
  const frame = () => ({ brandName: brandName(), baseUrl: env.BASE_URL });
  return {
    outbox: createMailOutbox(frame),
    worker: startMailWorker({ db, events, transport, frame, log, onFailure: metrics.mailFailure, ...(options.retry ? { retry: options.retry } : {}) }),
  };
}
