import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "../../test/harness";
import { TestClient } from "../../test/test-client";
import { createCompany, createCustomer } from "@/server/test/fixtures";
import { spawnServer, type ChildServer } from "../../test/realtime/child-server";
import { changedCompanies, connectedStream, killListener } from "../../test/realtime/test-streams";

// PGlite runs inside this process: there is no LISTEN connection to lose and no second process
// that could open the same database, so these tests only apply to PostgreSQL.
describe("realtime across connections and processes (PostgreSQL only)", () => {
  let server: TestServer;
  let second: ChildServer;
  let admin: TestUser;
  let acme: { id: string };
  let globex: { id: string };
  let acmeCustomer: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser({ admin: true });
    acme = await createCompany(server, "Acme Ltd");
    globex = await createCompany(server, "Globex");
    acmeCustomer = await createCustomer(server, acme.id);
    const driver = server.database.driver;
    if (driver.kind !== "postgres") throw new Error("expected PostgreSQL");
    // The same secret as the test server, so a session cookie works on both processes.
    second = await spawnServer({ DATABASE_URL: driver.url, AUTH_SECRET: server.env.AUTH_SECRET, NODE_ENV: "test" });
  });
  afterAll(async () => {
    await second?.stop();
    await server?.close();
  });

  /** The same browser session, talking to process 2. */
  const onSecond = (user: TestUser) => new TestClient(second.baseUrl, user.client.ip);

  it("re-establishes a killed LISTEN connection and tells every stream to resync", async () => {
    const reader = await connectedStream(admin.client);
    try {
      expect(await killListener(server)).toBe(1);
      expect(await reader.waitForEvent("resync", () => true, 10_000)).toEqual({ reason: "reconnected" });
      const sent = await acmeCustomer.client.post("/api/messages", { content: "after the outage" });
      await reader.waitForEvent("change", (e) => e.id === sent.body.id);
    } finally {
      await reader.close();
    }
  });

  it("delivers a message sent through process 1 to a customer streaming from process 2, scoped as usual", async () => {
    const reader = await connectedStream(acmeCustomer.client, second.baseUrl);
    try {
      const other = await admin.client.post("/api/messages", { content: "for globex", companyId: globex.id });
      const sent = await admin.client.post("/api/messages", { content: "hello from process 1", companyId: acme.id });
      expect(other.status).toBe(201);
      expect(await reader.waitForEvent("change", (e) => e.id === sent.body.id)).toEqual({ kind: "message", companyId: acme.id, id: sent.body.id });
      expect(changedCompanies(reader)).not.toContain(globex.id);
    } finally {
      await reader.close();
    }
  });

  it("delivers a message sent through process 2 to an admin streaming from process 1", async () => {
    const reader = await connectedStream(admin.client);
    try {
      const client = onSecond(acmeCustomer);
      const sent = await client.raw("/api/messages", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: acmeCustomer.client.cookieHeader },
        body: JSON.stringify({ content: "hello from process 2" }),
      });
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()) as { id: string };
      await reader.waitForEvent("change", (e) => e.id === id);
    } finally {
      await reader.close();
    }
  });

  it("ends a stream on process 2 when its session signs out through process 1", async () => {
    const user = await createCustomer(server, acme.id);
    const reader = await connectedStream(user.client, second.baseUrl);
    expect((await user.client.signOut()).status).toBe(200);
    expect(await reader.waitForEvent("end", () => true, 5000)).toEqual({ reason: "session_ended" });
    await reader.ended;
  });

  it("ends its streams cleanly when process 2 shuts down", async () => {
    const reader = await connectedStream(admin.client, second.baseUrl);
    expect(await second.stop()).toBe(0);
    await reader.ended;
    expect(reader.isEnded).toBe(true);
  });
});
