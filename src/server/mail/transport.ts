import type { Transporter } from "nodemailer";
import type { Logger } from "../observability/logger";
import type { MailHeaders } from "./mail-headers";

/** A queued mail as the worker hands it to a transport. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header fields of its own (outbox.ts checked them when it was queued); null for most mail. */
  headers?: MailHeaders | null;
  /** The one address a reply goes to (outbox.ts checked it when it was queued); null for most mail. */
  replyTo?: string | null;
  /** Files that go with it (mail/attachments.ts rendered them for this attempt); none for most mail. */
  attachments?: readonly AttachedFile[];
}

/** One attachment as it goes out. */
export interface AttachedFile {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * A refused delivery. `permanent` when trying again cannot help (a 5xx answer, an address the
 * server will never take): the mail is marked failed at once, with `message` (the server's
 * answer) kept for /admin/outbox. Anything else is retried with backoff.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface MailTransport {
  /** `smtp` hands mail to SMTP_URL; `log` prints it (no SMTP_URL: a laptop). */
  readonly kind: "smtp" | "log";
  /** Resolves once the mail is accepted; rejects with a MailDeliveryError. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Each wait of one SMTP exchange is bounded, so a hung server cannot hold a claimed mail past its
 * claim (mail-worker.ts, CLAIM_MS) and another process then send it a second time.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000, dnsTimeout: 15_000 };

export function smtpTransport(url: string, from: string, messageIdDomain: string): MailTransport {
  let transporter: Transporter | undefined;
  return {
    kind: "smtp",
    async send(mail) {
      try {
        // Loaded with the first mail: a server that sends none never evaluates nodemailer (ADR 007).
        transporter ??= (await import("nodemailer")).createTransport({ url, ...SMTP_TIMEOUTS });
        // The Message-ID is the outbox row's: should a crash make a second process send the mail
        // again, mail clients see one message.
        await transporter.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mail.id}@${messageIdDomain}>`,
          ...(mail.headers ? { headers: mail.headers } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.attachments?.length
            ? { attachments: mail.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content: Buffer.from(content) })) }
            : {}),
        });
      } catch (error) {
        throw classify(error);
      }
    },
    close: () => transporter?.close(),
  };
}

/** 5xx is the server's "never": bad mailbox, policy refusal. 4xx and lost connections are "later". */
function classify(error: unknown): MailDeliveryError {
  const { responseCode, response, code, message } = error as { responseCode?: number; response?: string; code?: string; message?: string };
  const answer = (response || message || String(error)).trim();
  if (typeof responseCode === "number" && responseCode >= 500 && responseCode < 600) return new MailDeliveryError(answer, true);
  // Refused before any server saw it: an address nodemailer cannot put in an envelope.
  if (code === "EENVELOPE" && responseCode === undefined) return new MailDeliveryError(answer, true);
  return new MailDeliveryError(code && !answer.includes(code) ? `${code}: ${answer}` : answer, false);
}

/**
 * No SMTP_URL: each mail is printed to the log as one block, links and all, so a reset link can be
 * followed on a laptop without a mail server. The outbox keeps it for /admin/outbox too.
 */
export function logTransport(log: Logger): MailTransport {
  return {
    kind: "log",
    async send(mail) {
      const rule = "-".repeat(72);
      // The block is the message: printed readably in a terminal (observability/logger.ts), and
      // one JSON line with its line breaks escaped anywhere else.
      const own = [...(mail.replyTo ? [`Reply-To: ${mail.replyTo}`] : []), ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`)];
      const attached = (mail.attachments ?? []).map((file) => `Attached: ${file.filename} (${file.contentType}, ${file.content.byteLength} bytes)`);
      const block = [`Mail to ${mail.to} (not sent: SMTP_URL is not set; also at /admin/outbox)`, rule, `Subject: ${mail.subject}`, ...own, ...attached, "", mail.text.trim(), rule].join("\n");
      log.info({ event: "mail.logged", mailId: mail.id, to: mail.to }, block);
    },
    close() {},
  };
}
