import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { systemActor } from "@/server/actor";
import type { AppDeps } from "@/server/http/context";
import { serviceContextOf } from "@/server/http/service-context";
import { inboundMailMaxBytes, receiveInboundMail } from "./receive-mail";

export interface SmtpReceiver {
  port: number;
  close(): Promise<void>;
}

/**
 * The built-in SMTP receiver (ADR 044) for an MX that points at Portico: it takes mail for
 * addresses at INBOUND_DOMAIN only (others are refused at RCPT TO, so it is no open relay), up to
 * MAX_UPLOAD_MB, and hands each to the same pipeline as the provider webhook. A mail the pipeline
 * drops is still accepted (250): refusing it would make the sender's server bounce it, and a
 * bounce of an auto-reply is the loop this avoids. No AUTH (senders are other mail servers) and no
 * STARTTLS without a certificate of ours: put a TLS-terminating MTA in front where it is needed.
 */
export async function startSmtpReceiver(deps: AppDeps, port: number, host = deps.env.HOST): Promise<SmtpReceiver> {
  const domain = deps.env.INBOUND_DOMAIN;
  if (!domain) throw new Error("INBOUND_SMTP_PORT needs INBOUND_DOMAIN");
  const contextFor = serviceContextOf(deps);
  const mailIn = systemActor("Mail");
  const log = deps.log.child({ component: "smtp-receiver" });
  const size = inboundMailMaxBytes(deps.env.MAX_UPLOAD_MB);
  const server = new SMTPServer({
    name: domain,
    banner: "Portico mail in",
    size,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    // Shutdown waits this long for a mail in progress, then cuts it (the sender retries).
    closeTimeout: 2_000,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const to = address.address.toLowerCase();
      if (!to.endsWith(`@${domain}`)) return callback(Object.assign(new Error(`Mail for ${to} is not accepted here`), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (stream.sizeExceeded) return callback(Object.assign(new Error(`The mail is larger than ${deps.env.MAX_UPLOAD_MB} MB`), { responseCode: 552 }));
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        receiveInboundMail(contextFor(mailIn, { log }), { channel: "smtp", raw: Buffer.concat(chunks), envelopeTo }).then(
          () => callback(),
          (error: unknown) => {
            // Ours, not the mail's: a temporary refusal makes the sending server try again later.
            log.error({ event: "inbound.smtp_failed", err: error }, "inbound: a received mail could not be handled");
            callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  server.on("error", (error) => log.error({ event: "inbound.smtp_error", err: error }, "inbound: the SMTP receiver reported an error"));
  const listening = (server.server.address() as AddressInfo).port;
  log.info({ event: "inbound.smtp_listening", port: listening, domain }, `mail in: SMTP receiver on port ${listening} for @${domain}`);
  return { port: listening, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
