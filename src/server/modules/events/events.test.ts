import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, userRoles } from "../../db/schema";
import { startTestServer } from "../../test/harness";
import { createCompany, createCustomer } from "@/server/test/fixtures";
import { streamHub } from "./events.hub";
import { changedCompanies, connectedStream, openStream, streamsClosedAfterEach } from "../../test/realtime/test-streams";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

// Short intervals so heartbeats and session checks happen within a test.
const server = serverForFile((started) => streamHub(started.deps).configure({ heartbeatMs: 150, accessCheckMs: 200 }));
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const acme = beforeAllTests(() => createCompany(server, "Acme Ltd"));
const globex = beforeAllTests(() => createCompany(server, "Globex"));
const acmeCustomer = beforeAllTests(() => createCustomer(server, acme.id));
const globexCustomer = beforeAllTests(() => createCustomer(server, globex.id));
const { open, stream } = streamsClosedAfterEach();

describe("GET /api/events", () => {
  it("answers 401 problem+json to an anonymous caller", async () => {
    const { status, response } = await openStream(server.anonymous());
    expect(status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });

  it("opens an uncached event stream that starts with retry and ready", async () => {
    const { status, reader, response } = await openStream(acmeCustomer.client);
    open.push(reader!);
    expect(status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const ready = await reader!.waitForEvent("ready");
    expect(ready).toEqual({ role: "customer", companyId: acme.id, heartbeatMs: 150 });
  });

  it("sends heartbeat comments at the configured interval", async () => {
    const reader = await stream(acmeCustomer);
    await reader.waitFor((frame) => frame.comment === "heartbeat", 2000, "a heartbeat");
  });

  it("gives a customer of A the events of A and never those of B; an admin gets both", async () => {
    const [a, b, staff] = await Promise.all([stream(acmeCustomer), stream(globexCustomer), stream(admin)]);
    const toGlobex = await admin.client.post("/api/messages", { content: "for globex", companyId: globex.id });
    const toAcme = await acmeCustomer.client.post("/api/messages", { content: "for acme" });
    // One LISTEN connection delivers in order: once A's event is in, B's would have arrived before it.
    expect(await a.waitForEvent("change", (e) => e.id === toAcme.body.id)).toEqual({ kind: "message", companyId: acme.id, id: toAcme.body.id });
    await b.waitForEvent("change", (e) => e.id === toGlobex.body.id);
    await staff.waitForEvent("change", (e) => e.id === toAcme.body.id);
    expect(changedCompanies(a)).not.toContain(globex.id);
    expect(changedCompanies(b)).not.toContain(acme.id);
    expect(changedCompanies(staff)).toEqual(expect.arrayContaining([acme.id, globex.id]));
  });

  it("forwards every kind other modules publish, with the same scoping", async () => {
    const a = await stream(acmeCustomer);
    await server.deps.events.publish({ kind: "invoice", companyId: globex.id, id: globex.id });
    await server.deps.events.publish({ kind: "ticket", companyId: acme.id, id: acme.id });
    expect(await a.waitForEvent("change")).toEqual({ kind: "ticket", companyId: acme.id, id: acme.id });
    expect(changedCompanies(a)).toEqual([acme.id]);
  });

  it("ends the stream of a session that signs out, and only that one", async () => {
    const user = await createCustomer(server, acme.id);
    const secondClient = server.anonymous();
    await secondClient.signIn(user.email, user.password);
    const signedOut = await stream(user);
    const other = await connectedStream(secondClient);
    open.push(other);
    expect((await user.client.signOut()).status).toBe(200);
    expect(await signedOut.waitForEvent("end", () => true, 2000)).toEqual({ reason: "session_ended" });
    await signedOut.ended;
    // An access check over every stream, after the sign-out, and then a later event the other stream
    // must answer: had the check (or the sign-out) ended it, the event would never arrive.
    await streamHub(server.deps).refreshAccess();
    const later = await admin.client.post("/api/messages", { content: "still listening", companyId: acme.id });
    await other.waitForEvent("change", (e) => e.id === later.body.id);
    expect(other.isEnded).toBe(false);
    expect((await openStream(user.client)).status).toBe(401);
  });

  it("ends the stream of a session revoked behind its back, at the next access check", async () => {
    const user = await createCustomer(server, acme.id);
    const reader = await stream(user);
    await server.deps.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await reader.waitForEvent("end", () => true, 3000)).toEqual({ reason: "session_ended" });
    await reader.ended;
  });

  it("starts a customer's company events once they create their company profile mid-stream", async () => {
    const newcomer = await server.createUser();
    const reader = await stream(newcomer);
    expect(reader.events("ready")).toEqual([{ role: "customer", companyId: null, heartbeatMs: 150 }]);
    // The period check is slowed down so the `company` event has to be what triggers the reload.
    streamHub(server.deps).configure({ accessCheckMs: 60_000 });
    try {
      const created = await newcomer.client.request("PUT", "/api/companies/mine", { name: "Newco" });
      expect(created.status).toBe(201);
      expect(await reader.waitForEvent("resync", () => true, 3000)).toEqual({ reason: "access_changed" });
      const companyId = created.body.company.id as string;
      const sent = await admin.client.post("/api/messages", { content: "Welcome!", companyId });
      await reader.waitForEvent("change", (e) => e.id === sent.body.id);
    } finally {
      streamHub(server.deps).configure({ accessCheckMs: 200 });
    }
  });

  it("ends the stream of a user whose role changes (a role change ends their sessions)", async () => {
    const promoted = await createCustomer(server, acme.id);
    const reader = await stream(promoted);
    await server.deps.db.insert(userRoles).values({ userId: promoted.id, role: "admin" });
    expect(await reader.waitForEvent("end", () => true, 3000)).toEqual({ reason: "session_ended" });
    await reader.ended;
    // Signed in again, the stream carries the new role's events.
    await promoted.client.signIn(promoted.email, promoted.password);
    const again = await stream(promoted);
    expect(again.events("ready")).toEqual([{ role: "admin", companyId: acme.id, heartbeatMs: 150 }]);
    const sent = await admin.client.post("/api/messages", { content: "now visible", companyId: globex.id });
    await again.waitForEvent("change", (e) => e.id === sent.body.id);
  });

  it("closes a user's oldest stream beyond the per-user limit", async () => {
    const hub = streamHub(server.deps);
    hub.configure({ maxStreamsPerUser: 2 });
    try {
      const first = await stream(globexCustomer);
      await stream(globexCustomer);
      await stream(globexCustomer);
      await first.ended;
    } finally {
      hub.configure({ maxStreamsPerUser: 20 });
    }
  });

  it("forgets a stream when its client goes away", async () => {
    const hub = streamHub(server.deps);
    await expect.poll(() => hub.size).toBe(0); // the streams of earlier tests, closed by afterEach
    const reader = await connectedStream(globexCustomer.client);
    expect(hub.size).toBe(1);
    await reader.close();
    await expect.poll(() => hub.size).toBe(0);
  });
});

describe("shutdown", () => {
  it("ends open streams cleanly when the event bus closes", async () => {
    const own = await startTestServer();
    try {
      const user = await own.createUser({ admin: true });
      const reader = await connectedStream(user.client);
      await own.deps.events.close();
      await reader.ended;
      expect(reader.isEnded).toBe(true);
      expect(streamHub(own.deps).size).toBe(0);
      // A stream opened after shutdown began ends at once instead of hanging.
      const late = await openStream(user.client);
      await late.reader?.ended;
    } finally {
      await own.close();
    }
  });
});
