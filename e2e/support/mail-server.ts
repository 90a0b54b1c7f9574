import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startSmtpInbox } from "@/server/test/mail/smtp-inbox";
import { REFUSED_PREFIX } from "./constants";

/**
 * Playwright global set-up: the real SMTP server (`smtp-server`) the e2e server's SMTP_URL points
 * at (playwright.config.ts). It runs in the runner process while the workers run the tests, so
 * each mail is written to a file in E2E_MAIL_DIR, where any worker reads it (support/mailbox.ts).
 */
export default async function startMailServer() {
  const dir = process.env.E2E_MAIL_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!dir || !port) throw new Error("playwright.config.ts sets E2E_MAIL_DIR and E2E_SMTP_PORT");
  const inbox = await startSmtpInbox({
    port,
    // A mailbox that does not exist, as far as this server is concerned: for the outbox's failed mail.
    refuses: (address) => address.startsWith(REFUSED_PREFIX),
    // Write, then nothing: a reader never sees half a file, because the name appears last.
    onMail: (mail) => writeFileSync(join(dir, `${Date.now()}-${randomUUID()}.json`), JSON.stringify(mail)),
  });
  return () => inbox.stop();
}
