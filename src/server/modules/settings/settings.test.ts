import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { siteSettings } from "../../db/schema";
import { createDeps } from "../../server";
import { startTestServer } from "../../test/harness";
import { captureLog } from "../../test/log-capture";
import { deliveredMailTo } from "../../test/mail/delivered-mail";
import { beforeAllTests } from "../../test/per-file";

// Mail is printed to this log (no SMTP_URL): a mail's text is read from there.
const log = captureLog();
const server = beforeAllTests(() => startTestServer({ LOG_LEVEL: "info" }, { logTo: log.destination }));
afterAll(() => server.close());

const webDist = mkdtempSync(join(tmpdir(), "portico-brand-web-"));
writeFileSync(join(webDist, "index.html"), '<!doctype html><html><head><meta name="application-name" content="__BRAND_NAME__" /><title>__BRAND_NAME__</title></head></html>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** The web shell's title as the app at `deps` serves it. */
async function titleServedBy(deps = server.deps): Promise<string | undefined> {
  const response = await createApp(deps, { webDist }).request("/admin");
  return /<title>(.*)<\/title>/.exec(await response.text())?.[1];
}

describe("PUT /api/settings/brand", () => {
  it("is for admins only: 401 without a session, 403 for a customer, and the brand stays", async () => {
    expect((await server.anonymous().put("/api/settings/brand", { brandName: "Hijacked" })).status).toBe(401);
    const customer = await server.createUser();
    expect((await customer.client.put("/api/settings/brand", { brandName: "Hijacked" })).status).toBe(403);
    expect(await server.deps.db.select().from(siteSettings)).toEqual([]);
    expect(server.deps.brand.name()).toBe("Portico");
  });

  it("refuses an empty or over-long name with 400 naming the field", async () => {
    const admin = await server.createUser({ admin: true });
    for (const brandName of ["   ", "x".repeat(101)]) {
      const answer = await admin.client.put("/api/settings/brand", { brandName });
      expect(answer.status).toBe(400);
      expect(answer.problem.errors?.[0]?.field).toBe("brandName");
    }
  });

  it("stores the admin's brand, which the HTML title and new mail use at once, escaped in the page", async () => {
    expect(await titleServedBy()).toBe("Portico");
    const admin = await server.createUser({ admin: true });
    const answer = await admin.client.put("/api/settings/brand", { brandName: "  Acme <Studio> " });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ brandName: "Acme <Studio>" });
    expect(await server.deps.db.select({ brandName: siteSettings.brandName }).from(siteSettings)).toEqual([{ brandName: "Acme <Studio>" }]);

    expect(await titleServedBy()).toBe("Acme &lt;Studio&gt;");
    const customer = await server.createUser();
    expect((await server.anonymous().post("/api/auth/request-password-reset", { email: customer.email })).status).toBe(200);
    const mail = await deliveredMailTo(server.deps.db, log, customer.email);
    expect(mail.subject).toBe("Reset your Acme <Studio> password");
    expect(mail.text).toContain("Acme <Studio>");
  });

  it("reaches another server process on the same database, and one started later reads it", async () => {
    // A second process's dependencies on the same database: its own event bus and brand.
    const other = await createDeps(server.env, server.database);
    try {
      const admin = await server.createUser({ admin: true });
      expect((await admin.client.put("/api/settings/brand", { brandName: "Northwind" })).status).toBe(200);
      await expect.poll(() => other.brand.name()).toBe("Northwind");
      expect(await titleServedBy(other)).toBe("Northwind");
    } finally {
      await other.mail.worker.stop();
      await other.events.close();
    }
    const later = await createDeps(server.env, server.database);
    try {
      expect(later.brand.name()).toBe("Northwind");
    } finally {
      await later.mail.worker.stop();
      await later.events.close();
    }
  });
});
