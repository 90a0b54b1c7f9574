import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "@/server/db/client";
import { mailOutbox, notifications, tickets } from "@/server/db/schema";
import type { NotificationKind } from "@/shared/rules/notifications";
import type { ReceivedMail } from "./mail/smtp-inbox";

/*
 * Test helpers of the notification mail tests: rows written straight into the table, as the code
 * that notifies of events writes them, with the time and mail mode a test needs.
 */

export type NotificationRow = typeof notifications.$inferInsert;

/** One notification for `recipientId`, at `createdAt`; a ticket's status change unless the test says otherwise. */
export async function insertNotification(
  db: Database,
  values: { recipientId: string; companyId: string; createdAt: Date; kind?: NotificationKind; mail?: NotificationRow["mail"] } & Partial<NotificationRow>,
): Promise<bigint> {
  const [row] = await db
    .insert(notifications)
    .values({ kind: "ticket_status", mail: "immediate", actorName: "Alex Admin", field: "status", fromValue: "pending", toValue: "doing", ...values })
    .returning({ id: notifications.id });
  return row!.id;
}

export async function insertTicket(db: Database, project: { id: string }, companyId: string, title: string): Promise<string> {
  const [ticket] = await db.insert(tickets).values({ projectId: project.id, companyId, title }).returning({ id: tickets.id });
  return ticket!.id;
}

/** What the outbox holds for one address, oldest first. */
export const outboxTo = (db: Database, address: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(mailOutbox.createdAt);

/** `base` plus `seconds`. */
export const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

/** The lines of a notification mail or digest that tell of one event each ("• …"), in order. */
export const eventLines = (mail: Pick<ReceivedMail, "text">) => mail.text.split("\n").filter((line) => line.startsWith("• "));

/**
 * A mail written for a German reader, whichever template: its HTML says `lang="de"`, its text holds
 * each of the German `phrases`, and none of the words the English version would have left behind.
 */
export function expectWrittenInGerman(mail: Pick<ReceivedMail, "html" | "text">, phrases: string[], english: RegExp): void {
  expect(mail.html).toContain('lang="de"');
  for (const phrase of phrases) expect(mail.text).toContain(phrase);
  expect(mail.text).not.toMatch(english);
}
