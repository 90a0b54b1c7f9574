import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/harness";
import { captureLog } from "../test/log-capture";

// PostgreSQL only: each test database there starts empty and is migrated, so this costs nothing
// extra; on PGlite it would need an initdb of its own (10 s here). Both engines log through the
// same helper of db/client.ts.
describe("migrations at start-up", () => {
  it("logs when they begin and when they are applied, with the time they took", async () => {
    const log = captureLog();
    const database = await openTestDatabase({ log: log.logger() });
    await database.close();
    const events = log.lines().map((line) => line.event);
    expect(events).toEqual(["db.migrating", "db.migrated"]);
    expect(log.lines()[1]).toMatchObject({ level: "info", durationMs: expect.any(Number), msg: "database migrations applied" });
  });
});
