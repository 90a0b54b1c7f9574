import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { createLogger } from "../observability/logger";
import { nextClientIp, startTestServer } from "../test/harness";
import { emptyInstallation, runNpmScript, SEEDED_TABLES, seededInstallation, type Seed, type TestInstallation } from "../test/installation";
import { TestClient } from "../test/test-client";
import { moveToPostgres } from "./db-move";
import type { TableChecksums } from "./table-checksums";

// An embedded installation (PGlite in a DATA_DIR) moved to a PostgreSQL server: needs both.
describe("db:move from the embedded database to PostgreSQL", () => {
  const installations: TestInstallation[] = [];
  let source: TestInstallation & { seed: Seed };
  let sourceChecksums: TableChecksums;

  beforeAll(async () => {
    source = await seededInstallation("pglite");
    installations.push(source);
    sourceChecksums = await source.checksums();
  });
  afterAll(async () => {
    for (const installation of installations) await installation.remove();
  });

  it("refuses a PostgreSQL database that holds data and changes neither side", async () => {
    const target = await emptyInstallation("postgres");
    installations.push(target);
    const log = await createLogger({ LOG_LEVEL: "error", NODE_ENV: "test" });
    await (await openDatabase({ url: target.databaseUrl, poolSize: 1, log })).close();
    const before = await target.change("insert into companies (name) values ('Already here')");

    await expect(moveToPostgres({ dataDir: source.dataDir, to: target.databaseUrl!, log })).rejects.toThrow(
      "The PostgreSQL database is not empty: companies (1 row). db:move copies into an empty database only; nothing was changed.",
    );
    expect(await target.checksums()).toEqual(before);
    expect(await source.checksums()).toEqual(sourceChecksums);
  });

  it("copies every row of every table (npm run db:move), and the users sign in and keep their sessions on PostgreSQL", async () => {
    for (const table of SEEDED_TABLES) expect(sourceChecksums[table]?.rows, table).toBeGreaterThan(0);
    const target = await emptyInstallation("postgres");
    installations.push(target);

    const moved = await runNpmScript("db:move", ["--to", target.databaseUrl!], source.env);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain("every table's row count and checksum match");
    expect(moved.stdout).toContain(`DATABASE_URL=${target.databaseUrl}`);
    expect(await target.checksums()).toEqual(sourceChecksums);

    const log = await createLogger({ LOG_LEVEL: "error", NODE_ENV: "test" });
    const server = await startTestServer({}, { database: await openDatabase({ url: target.databaseUrl, poolSize: 5, log }) });
    try {
      const { customer } = source.seed;
      const browser = new TestClient(server.baseUrl, nextClientIp());
      await browser.signIn(customer.email, customer.password);
      expect((await browser.get("/api/me")).body).toMatchObject({ email: customer.email });
      // The cookie the customer's browser got from the embedded installation, sent to the new server.
      const carried = new TestClient(server.baseUrl, customer.client.ip);
      const me = await carried.request("GET", "/api/me", undefined, { cookie: customer.client.cookieHeader });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: customer.email });
    } finally {
      await server.close();
    }
  }, 60_000); // the command starts tsx and PGlite, then a server starts, on a busy two-core machine
});
