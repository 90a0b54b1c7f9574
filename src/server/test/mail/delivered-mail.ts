import { and, desc, eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { mailOutbox } from "@/server/db/schema";
import type { LogCapture } from "../log-capture";
import { linksOf, type SmtpInbox } from "./smtp-inbox";

/*
 * Once a mail has gone (printed to the log without SMTP_URL, or accepted by an SMTP server) the
 * outbox keeps none of its live parts (ADR 013): a test reads a mailed link where a person would,
 * from the log block or from what the SMTP server received.
 */

/** Where a test server's mail goes: its captured log (no SMTP_URL) or a real SMTP server. */
export type MailCatcher = LogCapture | SmtpInbox;

/** One mail as it left: its plain text and every http(s) address in it; the HTML part only over SMTP. */
export interface DeliveredMail {
  id: string;
  subject: string;
  text: string;
  html?: string;
  links: string[];
}

/**
 * The newest mail queued to `to` (of `template`, when given), once it has left: waits for the log
 * transport to print it, or for the SMTP server to receive it (its Message-ID is the outbox id).
 */
export async function deliveredMailTo(db: Database, catcher: MailCatcher, to: string, template?: string): Promise<DeliveredMail> {
  const [row] = await db
    .select({ id: mailOutbox.id, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), template ? eq(mailOutbox.template, template) : undefined))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no mail queued to ${to}${template ? ` (${template})` : ""}`);
  if ("received" in catcher) {
    const mail = await catcher.waitFor((received) => received.messageId.startsWith(`<${row.id}@`));
    return { id: row.id, subject: mail.subject, text: mail.text, html: mail.html, links: mail.links };
  }
  const line = await catcher.waitFor((logged) => logged.event === "mail.logged" && logged.mailId === row.id);
  const text = textOfLogBlock(line.msg);
  return { id: row.id, subject: row.subject, text, links: linksOf(text) };
}

/** The link to `path` (e.g. `/invitation`) in a mail; its token is `.searchParams.get("token")`. */
export function mailedLink(mail: { links: string[] }, path: string): URL {
  const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === path);
  if (!link) throw new Error(`no ${path} link in the mail: ${mail.links.join(", ") || "no links"}`);
  return link;
}

/** The text part of a block the log transport printed: after the header lines' blank line, before the closing rule (transport.ts). */
function textOfLogBlock(block: string): string {
  const lines = block.split("\n");
  const start = lines.indexOf("") + 1;
  const end = lines.lastIndexOf(lines[1]!);
  if (start === 0 || end <= start) throw new Error(`not a logged mail block: ${block.slice(0, 200)}`);
  return lines.slice(start, end).join("\n");
}
