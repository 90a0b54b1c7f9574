import { request } from "node:http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices } from "../db/schema";
import { API_BODY_LIMIT_BYTES } from "../http/security";
import { customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { warnAboutPlainHttp } from "../server";
import { captureLog } from "../test/log-capture";
import { startTestServer } from "../test/harness";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

/** Finding 5 of the outside probe: the smaller account and transport rules. */
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));

describe("sign-in attempts per account", () => {
  it("makes attempts beyond five wait, from any address, and lets the owner in once the short wait is over", async () => {
    const owner = await server.createUser();
    // Each guess from a new address: the per-address limit alone would allow all of them.
    for (let i = 0; i < 5; i++) {
      expect((await server.anonymous().post("/api/auth/sign-in/email", { email: owner.email, password: `guess-${i}` })).status).toBe(401);
    }
    const refused = await server.anonymous().post("/api/auth/sign-in/email", { email: owner.email, password: owner.password });
    expect(refused.status).toBe(429);
    expect(refused.problem.detail).toBe("Too many sign-in attempts for this account. Please try again shortly.");
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);

    // The wait is short (2 s after five failures): polling is how the real owner would retry.
    const owners = server.anonymous();
    await expect
      .poll(async () => (await owners.post("/api/auth/sign-in/email", { email: owner.email, password: owner.password })).status, { timeout: 10_000, interval: 500 })
      .toBe(200);
    // A successful sign-in clears the count: the next mistake is not made to wait.
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email: owner.email, password: "one-typo" })).status).toBe(401);
    expect((await owners.get("/api/me")).status).toBe(200);
  }, 120_000); // eight password hashes at OWASP cost, on a busy two-core machine
});

describe("transport", () => {
  it("warns once at start-up when production runs on a plain-http BASE_URL, and only then", () => {
    const log = captureLog();
    warnAboutPlainHttp({ ...server.env, NODE_ENV: "production", BASE_URL: "http://portal.example.test" }, log.logger());
    warnAboutPlainHttp({ ...server.env, NODE_ENV: "production", BASE_URL: "https://portal.example.test" }, log.logger());
    warnAboutPlainHttp({ ...server.env, NODE_ENV: "development", BASE_URL: "http://localhost:3000" }, log.logger());
    expect(log.lines()).toHaveLength(1);
    expect(log.lines()[0]).toMatchObject({ level: "warn", event: "config.plain_http" });
    expect(log.lines()[0]!.msg).toMatch(/^BASE_URL http:\/\/portal\.example\.test is not https/);
  });

  it("sends HSTS only when BASE_URL is https, and a Permissions-Policy that turns off what the app never uses", async () => {
    const plain = await server.anonymous().raw("/api/health");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const policy = plain.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(policy).toContain(`${feature}=()`);

    const secure = await startTestServer({ BASE_URL: "https://portal.example.test" });
    try {
      const response = await fetch(`${secure.baseUrl}/api/health`);
      expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    } finally {
      await secure.close();
    }
  });

  it("closes the connection after a 413 and says so", async () => {
    const { status, connection } = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const url = new URL("/api/messages", server.baseUrl);
      const req = request(url, { method: "POST", headers: { "content-type": "application/json", "content-length": String(API_BODY_LIMIT_BYTES + 1), origin: server.baseUrl } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
      });
      req.on("error", reject);
      req.end("x".repeat(API_BODY_LIMIT_BYTES + 1));
    });
    expect(status).toBe(413);
    expect(connection).toBe("close");
  });
});

describe("PDF links", () => {
  const ambiguous = [
    "https://evil.test\\@files.example.com/x.pdf",
    "https://files.example.com@evil.test/x.pdf",
    "https://user:secret@files.example.com/x.pdf",
  ];

  it("refuses a link with a backslash or userinfo with a 400 naming pdfUrl, and stores nothing", async () => {
    const { company } = await customerOfNewCompany(server, "Links Co");
    for (const pdfUrl of ambiguous) {
      const response = await admin.client.post("/api/invoices", invoiceBody(company.id, { pdfUrl }));
      expect(response.status, pdfUrl).toBe(400);
      expect(response.problem.errors!.map((e: { field: string }) => e.field)).toEqual(["pdfUrl"]);
    }
    expect(await server.deps.db.select().from(invoices).where(eq(invoices.companyId, company.id))).toEqual([]);
  });

  it("never redirects to such a link stored before the rule existed", async () => {
    const { company, customer } = await customerOfNewCompany(server, "Old Links Co");
    const created = await admin.client.post("/api/invoices", invoiceBody(company.id, { pdfUrl: "https://files.example.com/x.pdf" }));
    await server.deps.db.update(invoices).set({ pdfUrl: ambiguous[0] }).where(eq(invoices.id, created.body.id));
    const response = await customer.client.get(`/api/invoices/${created.body.id}/pdf`);
    expect(response.status).toBe(404);
    expect(response.headers.get("location")).toBeNull();
  });
});
