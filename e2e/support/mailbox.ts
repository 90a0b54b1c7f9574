import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReceivedMail } from "@/server/test/mail/smtp-inbox";
import { expect } from "./fixtures";

/** The mail server's files hold a Buffer as JSON (`{ type: "Buffer", data }`): an attachment's bytes come back as a Buffer. */
const reviveBuffers = (_key: string, value: unknown) =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "Buffer" && Array.isArray((value as { data?: unknown }).data)
    ? Buffer.from((value as { data: number[] }).data)
    : value;

/** Every mail the e2e SMTP server received for `address` (support/mail-server.ts), oldest first. */
export function mailTo(address: string): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8"), reviveBuffers) as ReceivedMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Waits until `count` mails (default 1) have arrived for `address`; the newest. */
export async function waitForMail(address: string, count = 1): Promise<ReceivedMail> {
  await expect.poll(() => mailTo(address).length, { message: `mail to ${address}`, timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return mailTo(address).at(-1)!;
}

/** The first link of the mail that goes to `path` on the portal. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((href) => new URL(href).pathname === path);
  if (!link) throw new Error(`no ${path} link in "${mail.subject}": ${mail.links.join(", ")}`);
  return link;
}
