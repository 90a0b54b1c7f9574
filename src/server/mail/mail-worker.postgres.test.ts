import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema";
import { beforeAllTests, serverWithInboxForFile } from "../test/per-file";
import { spawnServer } from "../test/realtime/child-server";

// PGlite belongs to one process; several processes sharing one outbox is a PostgreSQL deployment.
describe("two server processes on one PostgreSQL database (PostgreSQL only)", () => {
  const { server, inbox } = serverWithInboxForFile();
  // Stopped before the first server closes: the after-all hooks run in reverse order.
  const second = beforeAllTests(async () => {
    const driver = server.database.driver;
    if (driver.kind !== "postgres") throw new Error("expected PostgreSQL");
    return spawnServer({ DATABASE_URL: driver.url, AUTH_SECRET: server.env.AUTH_SECRET, NODE_ENV: "test", SMTP_URL: inbox.url });
  });
  afterAll(() => second.stop());

  it("send each mail once when both are woken by the same commit", async () => {
    const tag = randomUUID().slice(0, 8);
    const recipients = Array.from({ length: 40 }, (_, i) => `race-${i}-${tag}@example.test`);
    // One transaction, one commit: both processes' workers are woken at the same moment.
    const ids = await server.deps.db.transaction(async (tx) => {
      const queued: string[] = [];
      for (const to of recipients) {
        const { id } = await server.deps.mail.outbox.enqueue(tx, { template: "password-reset", to, locale: "en", props: { name: "Racer", url: `${server.baseUrl}/reset-password?token=${to}`, validForMinutes: 60 } });
        queued.push(id);
      }
      return queued;
    });
    await Promise.all(recipients.map((to) => inbox.waitFor((mail) => mail.to.includes(to), 60_000)));
    // A later mail has arrived, so a second copy of any of the forty would have arrived too.
    const marker = `marker-${tag}@example.test`;
    await server.deps.mail.outbox.enqueue(server.deps.db, { template: "password-reset", to: marker, locale: "en", props: { name: "Marker", url: `${server.baseUrl}/x`, validForMinutes: 60 } });
    await inbox.waitFor((mail) => mail.to.includes(marker), 60_000);

    for (const to of recipients) expect(inbox.to(to), to).toHaveLength(1);
    const rows = await server.deps.db.select({ status: mailOutbox.status, attempts: mailOutbox.attempts }).from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows).toHaveLength(40);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });
});
