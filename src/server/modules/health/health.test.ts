import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close().catch(() => {}));

describe("health and readiness", () => {
  it("is live and ready while the database answers", async () => {
    expect((await server.anonymous().get("/api/health")).body).toEqual({ status: "ok" });
    expect((await server.anonymous().get("/api/ready")).status).toBe(200);
  });

  it("stays live but answers 503 not ready once the database is unreachable", async () => {
    await server.database.close();
    const ready = await server.anonymous().get("/api/ready");
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: "database unreachable" });
    expect((await server.anonymous().get("/api/health")).status).toBe(200);
  });
});
