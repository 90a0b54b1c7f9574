import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";
import { createCompany } from "@/server/test/fixtures";
import { startTestServer, type TestServer, type TestUser } from "@/server/test/harness";
import { issueDueRecurringInvoices } from "./recurring-job";
import { invoicesOf, jobOf, justAfterMidnight, recurringFor } from "@/server/test/recurring";

/**
 * Two server processes on one PostgreSQL, as far as the recurring invoice job can tell: two
 * connection pools, each running the job at the same moment as the other, every month of a year.
 */
describe("the recurring invoice job in two processes at once (PostgreSQL only)", () => {
  let server: TestServer;
  let second: DatabaseHandle;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    const driver = server.database.driver;
    if (driver.kind !== "postgres") throw new Error("expected PostgreSQL");
    second = await openDatabase({ url: driver.url, poolSize: 5, log: server.deps.log });
    admin = await server.createUser({ admin: true });
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  it("issues twelve monthly invoices of two schedules, each period once, in order", async () => {
    const [one, two] = [await createCompany(server, "Race one Ltd"), await createCompany(server, "Race two Ltd")];
    await recurringFor(admin, one.id, { count: 12 });
    await recurringFor(admin, two.id, { count: 12, issueStatus: "draft" });
    const processes = [jobOf(server), jobOf(server, second.db)];
    for (let month = 1; month <= 12; month++) {
      const now = justAfterMidnight(`2027-${String(month).padStart(2, "0")}-01`);
      await Promise.all(processes.flatMap((process) => [issueDueRecurringInvoices(process, now), issueDueRecurringInvoices(process, now)]));
    }
    for (const company of [one, two]) {
      const dates = (await invoicesOf(admin, company.id)).map((invoice) => invoice.issueDate);
      expect(dates).toEqual(Array.from({ length: 12 }, (_, index) => `2027-${String(index + 1).padStart(2, "0")}-01`));
    }
  });
});
