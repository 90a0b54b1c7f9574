import { inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import { mailboxAddress, type Env } from "../env";
import type { MailFrame, MailTemplate, MailTemplateProps } from "./templates";

/** One mail to queue: a template, its props and one recipient. */
export type MailRequest = { [K in MailTemplate]: { template: K; to: string; props: MailTemplateProps[K] } }[MailTemplate];

/**
 * Queues mail (D13). Call `enqueue` with the transaction of the write that causes the mail, so
 * that the mail is recorded if and only if the write commits; the insert's trigger wakes every
 * process's worker at that commit. Throws for a recipient that is no mail address (a caller's bug:
 * addresses are validated where they enter the system).
 */
export interface MailOutbox {
  enqueue(db: Database, mail: MailRequest): Promise<{ id: string }>;
}

export const MAX_ADDRESS_LENGTH = 254;

/**
 * The outbox of this installation's brand and address. The server passes `brandName`, the brand in
 * use (modules/settings/brand.ts: the stored one, else BRAND_NAME), read as each mail is written;
 * scripts without it write BRAND_NAME.
 */
export const outboxFor = (env: Pick<Env, "BRAND_NAME" | "BASE_URL">, brandName: () => string = () => env.BRAND_NAME) =>
  createMailOutbox(() => ({ brandName: brandName(), baseUrl: env.BASE_URL }));

/** `frame` is read for each mail, so a brand changed while the server runs is in the next one. */
export function createMailOutbox(frame: MailFrame | (() => MailFrame)): MailOutbox {
  const frameNow = typeof frame === "function" ? frame : () => frame;
  return {
    async enqueue(db, mail) {
      const to = mailboxAddress(mail.to);
      if (!to || to !== mail.to.trim() || to.length > MAX_ADDRESS_LENGTH) throw new Error(`Not a mail address: ${JSON.stringify(mail.to)}`);
      // Loaded on first use: React and the renderer stay out of the server's start-up (ADR 007).
      const { renderMail } = await import("./templates");
      const rendered = await renderMail(mail.template, mail.props as never, frameNow());
      const [row] = await db
        .insert(mailOutbox)
        .values({ template: mail.template, toAddress: to, subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html })
        .returning({ id: mailOutbox.id });
      return row!;
    },
  };
}

/**
 * Mail waiting to go (queued, including mail between retries) and mail given up on, for the
 * metrics (docs/operations.md). One statement; the failed count reads every failed row, which stays
 * small next to what a portal sends.
 */
export async function outboxCounts(db: Database): Promise<{ queued: number; failed: number }> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${mailOutbox.status} = 'queued')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ["queued", "failed"]));
  return { queued: row?.queued ?? 0, failed: row?.failed ?? 0 };
}
