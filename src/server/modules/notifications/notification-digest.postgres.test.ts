import { randomUUID } from "node:crypto";
import { count, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, mailOutbox, notificationDigests, notifications, profiles, projects, tickets } from "@/server/db/schema";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";
import { loadEnv } from "@/server/env";
import { createMailOutbox } from "@/server/mail/outbox";
import { createLogger } from "@/server/observability/logger";
import { openTestDatabase } from "@/server/test/harness";
import { sendDigests } from "./notification-digest";
import { mailDueNotifications, type NotificationMailDeps } from "./notification-mail";

/**
 * Two server processes on one PostgreSQL, as far as the notification jobs can tell: two connection
 * pools of their own, each running the jobs at the same moment as the other. PGlite is one
 * process's, so this is PostgreSQL only.
 */
let first: DatabaseHandle & { url?: string };
let second: DatabaseHandle;
let processes: NotificationMailDeps[];

beforeAll(async () => {
  first = await openTestDatabase();
  if (first.driver.kind !== "postgres" || !first.url) throw new Error("expected PostgreSQL");
  const log = await createLogger({ LOG_LEVEL: "error", NODE_ENV: "test" });
  second = await openDatabase({ url: first.url, poolSize: 5, log });
  const env = loadEnv({ NODE_ENV: "test", BASE_URL: "http://portico.test", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", LOG_LEVEL: "error", DIGEST_HOUR: "8", TIME_ZONE: "UTC" });
  const outbox = createMailOutbox({ brandName: "Portico", baseUrl: env.BASE_URL });
  processes = [first, second].map(({ db }) => ({ db, outbox, env, log }));
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** `n` accounts straight in the table (no session needed: nobody signs in), members of nothing. */
async function recipients(n: number, label: string) {
  const rows = Array.from({ length: n }, (_, i) => ({ fullName: `${label} ${i}`, email: `${label}-${i}-${randomUUID().slice(0, 8)}@example.test` }));
  return first.db.insert(profiles).values(rows).returning({ id: profiles.id, email: profiles.email });
}

async function companyWithTickets(name: string, n: number) {
  const [company] = await first.db.insert(companies).values({ name }).returning({ id: companies.id });
  const [project] = await first.db.insert(projects).values({ companyId: company!.id, name: `${name} site`, slug: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}` }).returning({ id: projects.id });
  const made = await first.db
    .insert(tickets)
    .values(Array.from({ length: n }, (_, i) => ({ projectId: project!.id, companyId: company!.id, title: `${name} ticket ${i}` })))
    .returning({ id: tickets.id });
  return { companyId: company!.id, ticketIds: made.map((ticket) => ticket.id) };
}

/** Outbox rows per address, for these addresses. */
async function mailsPer(addresses: string[]) {
  const rows = await first.db.select({ to: mailOutbox.toAddress, n: count() }).from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses)).groupBy(mailOutbox.toAddress);
  return Object.fromEntries(addresses.map((address) => [address, rows.find((row) => row.to === address)?.n ?? 0]));
}

describe("two server processes on one PostgreSQL (PostgreSQL only)", () => {
  it("send each recipient's digest once when both run the digest at the same moment, over and over", async () => {
    const people = await recipients(40, "digest");
    const { companyId, ticketIds } = await companyWithTickets("Digest", 3);
    await first.db.insert(notifications).values(
      people.flatMap((person) =>
        ticketIds.map((ticketId, i) => ({
          recipientId: person.id,
          companyId,
          ticketId,
          kind: "comment_reply" as const,
          mail: "digest" as const,
          actorName: "Alex Admin",
          createdAt: new Date(`2026-11-25T0${i + 4}:00:00Z`),
        })),
      ),
    );
    // Each process runs the digest three times, all six runs at once, just after the hour.
    const now = new Date("2026-11-25T08:01:00Z");
    const runs = await Promise.all([0, 1, 2].flatMap(() => processes.map((deps) => sendDigests(deps, now))));

    expect(runs.reduce((sum, run) => sum + run.digests, 0)).toBe(40);
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(0);
    // Both processes took a share: the claim, not a lucky ordering, kept them apart.
    const perProcess = [0, 1].map((p) => runs.filter((_, i) => i % 2 === p).reduce((sum, run) => sum + run.digests, 0));
    console.log(`digests queued per process: ${perProcess.join(" + ")}`);
    const perRecipient = await mailsPer(people.map((person) => person.email));
    expect(Object.values(perRecipient).filter((n) => n !== 1)).toEqual([]);
    const [claims] = await first.db.select({ n: count() }).from(notificationDigests).where(inArray(notificationDigests.recipientId, people.map((person) => person.id)));
    expect(claims!.n).toBe(40);
    const [unmailed] = await first.db.select({ n: count() }).from(notifications).where(isNull(notifications.mailedAt));
    expect(unmailed!.n).toBe(0);
  });

  it("send each record's coalesced mail once when both run the at-once job at the same moment", async () => {
    const people = await recipients(20, "immediate");
    const { companyId, ticketIds } = await companyWithTickets("Immediate", 2);
    const t0 = new Date(Date.now() - 3_600_000);
    await first.db.insert(notifications).values(
      people.flatMap((person) =>
        ticketIds.flatMap((ticketId) =>
          [0, 20, 40].map((seconds) => ({
            recipientId: person.id,
            companyId,
            ticketId,
            kind: "ticket_status" as const,
            mail: "immediate" as const,
            actorName: "Alex Admin",
            field: "status",
            fromValue: "pending",
            toValue: "doing",
            createdAt: new Date(t0.getTime() + seconds * 1000),
          })),
        ),
      ),
    );
    const now = new Date(t0.getTime() + 600_000);
    const runs = await Promise.all([0, 1, 2].flatMap(() => processes.map((deps) => mailDueNotifications(deps, now))));

    expect(runs.reduce((sum, run) => sum + run.mails, 0)).toBe(40);
    expect(runs.reduce((sum, run) => sum + run.notifications, 0)).toBe(120);
    const perRecipient = await mailsPer(people.map((person) => person.email));
    expect(Object.values(perRecipient).filter((n) => n !== 2)).toEqual([]);
  });
});
