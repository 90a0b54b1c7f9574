import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One mail as a recipient would read it: parsed from what arrived over SMTP. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Every http(s) address in the text part, in order. */
  links: string[];
  /** Each header field as it arrived, unfolded, by lower-case name (the last of a repeated one). */
  headers: Record<string, string>;
  /** The attached files, decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface SmtpInboxOptions {
  /** The port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Require SMTP AUTH with these credentials (plain text is allowed: loopback only). */
  auth?: { user: string; pass: string };
  /** Recipients to answer with a permanent 550 from the start (the e2e set-up names them by prefix). */
  refuses?: (address: string) => boolean;
  /** Called with every mail as it arrives (the e2e set-up writes them to files). */
  onMail?: (mail: ReceivedMail) => void;
}

/**
 * A real SMTP server (`smtp-server`) in the test process, and what it received (`mailparser`).
 * It can be stopped and started again on the same port, and told to refuse recipients for good
 * (550), the way a mail server refuses an unknown mailbox.
 */
export interface SmtpInbox {
  readonly port: number;
  /** `smtp://…` for SMTP_URL, with the credentials when AUTH is required. */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Mail whose envelope names `address`. */
  to(address: string): ReceivedMail[];
  /** Resolves with the first mail (already here or still to come) that `matches`. */
  waitFor(matches: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Answers RCPT TO for these addresses with a permanent 550. */
  refuse(address: string): void;
  /** Stops listening: senders get "connection refused" until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export const linksOf = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"\]]+/g)].map((match) => match[0]);

export async function startSmtpInbox(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  const waiters = new Set<{ matches: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();
  let port = options.port ?? 0;
  let server: SMTPServer | undefined;

  const deliver = (mail: ReceivedMail) => {
    received.push(mail);
    options.onMail?.(mail);
    for (const waiter of [...waiters]) {
      if (!waiter.matches(mail)) continue;
      waiters.delete(waiter);
      waiter.resolve(mail);
    }
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = new SMTPServer({
        logger: false,
        disabledCommands: ["STARTTLS"],
        authOptional: !options.auth,
        allowInsecureAuth: true,
        closeTimeout: 100,
        onAuth(auth, _session, callback) {
          const ok = options.auth && auth.username === options.auth.user && auth.password === options.auth.pass;
          callback(ok ? null : new Error("Invalid username or password"), ok ? { user: auth.username } : undefined);
        },
        onRcptTo(address, _session, callback) {
          const recipient = address.address.toLowerCase();
          if (!refused.has(recipient) && !options.refuses?.(recipient)) return callback();
          callback(Object.assign(new Error("5.1.1 Mailbox unavailable: no such user here"), { responseCode: 550 }));
        },
        onData(stream, session, callback) {
          simpleParser(stream).then(
            (parsed) => {
              const text = parsed.text ?? "";
              deliver({
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
                from: parsed.from?.text ?? "",
                subject: parsed.subject ?? "",
                text,
                html: typeof parsed.html === "string" ? parsed.html : "",
                messageId: parsed.messageId ?? "",
                links: linksOf(text),
                headers: Object.fromEntries(parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(":") + 1).replace(/\r?\n(?=[ \t])/g, "").trim()])),
                attachments: parsed.attachments.map(({ filename, contentType, content }) => ({ filename: filename ?? "", contentType, content })),
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        },
      });
      next.on("error", () => {}); // a client hanging up mid-mail; nothing for the test to do
      next.server.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        const address = next.server.address();
        if (typeof address === "object" && address) port = address.port;
        server = next;
        resolve();
      });
    });

  await listen();
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : "";
  return {
    get port() {
      return port;
    },
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    waitFor(matches, timeoutMs = 20_000) {
      const already = received.find(matches);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = {
          matches,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => { // paces: the deadline of a wait for a mail that must come
          waiters.delete(waiter);
          reject(new Error(`no matching mail within ${timeoutMs} ms; received: ${received.map((m) => `${m.to.join(",")}: ${m.subject}`).join("; ") || "none"}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    refuse: (address) => refused.add(address.toLowerCase()),
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}
