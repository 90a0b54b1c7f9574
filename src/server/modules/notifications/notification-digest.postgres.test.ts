import { randomUUID } from "node:crypto";
import { count, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companies, mailOutbox, notificationDigests, notifications, profiles, projects, tickets } from "@/server/db/schema";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";
import { rowsOf } from "@/server/db/rate-counter";
import { loadEnv } from "@/server/env";
import { createMailOutbox, type MailOutbox } from "@/server/mail/outbox";
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
let realOutbox: MailOutbox;

beforeAll(async () => {
  first = await openTestDatabase();
  if (first.driver.kind !== "postgres" || !first.url) throw new Error("expected PostgreSQL");
  const log = await createLogger({ LOG_LEVEL: "error", NODE_ENV: "test" });
  second = await openDatabase({ url: first.url, poolSize: 5, log });
  const env = loadEnv({ NODE_ENV: "test", BASE_URL: "http://portico.test", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", LOG_LEVEL: "error", DIGEST_HOUR: "8", TIME_ZONE: "UTC" });
  realOutbox = createMailOutbox({ brandName: "Portico", baseUrl: env.BASE_URL });
  processes = [first, second].map(({ db }) => ({ db, outbox: realOutbox, env, log }));
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/**
 * A process's outbox as its jobs use it: the real one (the mail is queued in the job's
 * transaction), noting each mail this process queued, and able to hold the process there, its
 * transaction and claim open, until a promise settles. What each process sent is read from here
 * and from its own runs' answers; nothing in the jobs knows it is watched.
 */
function watchedOutbox(real: MailOutbox) {
  const queued: string[] = [];
  let arrivals = 0;
  let gate: Promise<unknown> = Promise.resolve();
  let arrive!: (backendPid: number) => void;
  const arrived = new Promise<number>((resolve) => (arrive = resolve));
  const outbox: MailOutbox = {
    async enqueue(tx, mail) {
      const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
      arrivals += 1;
      arrive(row!.pid);
      await gate;
      const queuedMail = await real.enqueue(tx, mail);
      queued.push(mail.to);
      return queuedMail;
    },
  };
  return {
    outbox,
    /** The addresses this process queued mail to (each in a transaction that has not failed: the runs report failures). */
    queued,
    /** How many of this process's mails have reached the outbox so far, held ones included. */
    arrivals: () => arrivals,
    /** This process's first mail has reached the outbox: the server process id of its transaction. */
    arrived,
    /** Every mail from now on waits in its transaction until `until` settles. */
    holdUntil(until: Promise<unknown>) {
      gate = until;
    },
  };
}
type Watched = ReturnType<typeof watchedOutbox>;

/** Whether a statement of another connection waits for a lock the connection with server process id `pid` holds. */
async function someoneWaitsFor(pid: number): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(await first.db.execute(sql`select count(*)::int as n from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`));
  return row!.n > 0;
}

/** Process `index` (0: the first, 1: the second) queueing its mail through `watched`. */
const processWith = (index: 0 | 1, watched: Watched): NotificationMailDeps => ({ ...processes[index]!, outbox: watched.outbox });

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

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
  it("send each recipient's digest once when both run the digest at the same moment, over and over, each process sending a share", async () => {
    const people = await recipients(40, "digest");
    const { companyId, ticketIds } = await companyWithTickets("Digest", 3);
    const waitingFor = (group: typeof people) =>
      group.flatMap((person) =>
        ticketIds.map((ticketId, i) => ({
          recipientId: person.id,
          companyId,
          ticketId,
          kind: "comment_reply" as const,
          mail: "digest" as const,
          actorName: "Alex Admin",
          createdAt: new Date(`2026-11-25T0${i + 4}:00:00Z`),
        })),
      );
    const now = new Date("2026-11-25T08:01:00Z");
    const [one, two] = [watchedOutbox(realOutbox), watchedOutbox(realOutbox)];

    // The first process's first run finds one recipient waiting and is held inside that digest's
    // transaction, its claim of the day not yet committed.
    const [early, ...rest] = people;
    await first.db.insert(notifications).values(waitingFor([early!]));
    let release!: () => void;
    one.holdUntil(new Promise<void>((resolve) => (release = resolve)));
    const held = sendDigests(processWith(0, one), now);
    const heldBackend = await one.arrived;

    // The rest arrive; the second process runs the digest three times at once while the first is
    // still in its transaction. It is let go once the second is in a digest of its own, or waits on
    // the held claim (its list has that recipient too: the claim is not committed).
    await first.db.insert(notifications).values(waitingFor(rest));
    const secondRuns = [0, 1, 2].map(() => sendDigests(processWith(1, two), now));
    await vi.waitFor(
      async () => {
        if (two.arrivals() === 0 && !(await someoneWaitsFor(heldBackend))) throw new Error("the second process has not reached a digest yet");
      },
      { timeout: 20_000, interval: 50 },
    );
    release();
    // The second process has a digest in hand before the first runs again: from here on both race.
    await two.arrived;
    const firstRuns = [0, 1].map(() => sendDigests(processWith(0, one), now));
    const [heldRun, ...firstRest] = await Promise.all([held, ...firstRuns]);
    const second = await Promise.all(secondRuns);
    const runs = [heldRun!, ...firstRest, ...second];

    expect(sum(runs.map((run) => run.failed))).toBe(0);
    // The held run listed only the early recipient, and sent theirs: nobody else could take it.
    expect(heldRun!.digests).toBe(1);
    expect(one.queued).toContain(early!.email);
    // Each process sent a share, together every digest once, and each counted what it queued.
    const perProcess = [sum([heldRun!, ...firstRest].map((run) => run.digests)), sum(second.map((run) => run.digests))];
    expect(perProcess[0]).toBeGreaterThan(0);
    expect(perProcess[1]).toBeGreaterThan(0);
    expect(perProcess[0]! + perProcess[1]!).toBe(40);
    expect([one.queued.length, two.queued.length]).toEqual(perProcess);
    expect([...one.queued, ...two.queued].sort()).toEqual(people.map((person) => person.email).sort());
    const perRecipient = await mailsPer(people.map((person) => person.email));
    expect(Object.values(perRecipient).filter((n) => n !== 1)).toEqual([]);
    const [claims] = await first.db.select({ n: count() }).from(notificationDigests).where(inArray(notificationDigests.recipientId, people.map((person) => person.id)));
    expect(claims!.n).toBe(40);
    const [unmailed] = await first.db.select({ n: count() }).from(notifications).where(isNull(notifications.mailedAt));
    expect(unmailed!.n).toBe(0);
  });

  it("send each record's coalesced mail once when both run the at-once job at the same moment, each process sending a share", async () => {
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
    // Neither process queues a mail before the other has one in hand: each run is held in its first
    // group's transaction until then. The group claim never waits (a try-lock, rows SKIP LOCKED), so
    // the other's runs pass the held groups by and take their own.
    const [one, two] = [watchedOutbox(realOutbox), watchedOutbox(realOutbox)];
    one.holdUntil(two.arrived);
    two.holdUntil(one.arrived);
    const [firstRuns, secondRuns] = await Promise.all(
      [processWith(0, one), processWith(1, two)].map((deps) => Promise.all([0, 1, 2].map(() => mailDueNotifications(deps, now)))),
    );
    const runs = [...firstRuns!, ...secondRuns!];

    expect(sum(runs.map((run) => run.failed))).toBe(0);
    expect(sum(runs.map((run) => run.mails))).toBe(40);
    expect(sum(runs.map((run) => run.notifications))).toBe(120);
    // Each process sent a share, and counted what it queued.
    const perProcess = [firstRuns!, secondRuns!].map((mine) => sum(mine.map((run) => run.mails)));
    expect(perProcess[0]).toBeGreaterThan(0);
    expect(perProcess[1]).toBeGreaterThan(0);
    expect([one.queued.length, two.queued.length]).toEqual(perProcess);
    const perRecipient = await mailsPer(people.map((person) => person.email));
    expect(Object.values(perRecipient).filter((n) => n !== 2)).toEqual([]);
  });
});
