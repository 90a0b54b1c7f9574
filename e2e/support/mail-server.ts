import { randomUUID } from "node:crypto";
import { renameSync, writeFileSync } from "node:fs";
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
    // Written under a name readers skip, then renamed (atomic on one file system): a reader never
    // sees half a mail. Writing the final name directly let a reader parse a file still being written.
    onMail: (mail) => {
      const name = join(dir, `${Date.now()}-${randomUUID()}.json`);
      writeFileSync(`${name}.part`, JSON.stringify(mail));
      renameSync(`${name}.part`, name);
    },
  });
  return () => inbox.stop();
}
