import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { serverForFile } from "../../test/per-file";

/** REQUIRE_ADMIN_2FA=true: an admin must turn on two-factor sign-in before the admin area answers them (ADR 019). */
const server = serverForFile(undefined, { REQUIRE_ADMIN_2FA: "true" });

const codeFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/**
 * A sample of the gated routes: admin-only ones and ones both roles share (an admin reads every
 * company's records through them). The gate itself is one middleware; session-guard.test.ts tests its paths.
 */
const gatedReads = ["/api/companies", "/api/projects", "/api/tickets", "/api/invoices", "/api/team", "/api/outbox", "/api/messages/conversations", "/api/events"];

describe("REQUIRE_ADMIN_2FA", () => {
  it("refuses an admin without two-factor sign-in with a 403 naming the reason on a sample of routes: the lists both roles share, the team, the outbox, the event stream and a write", async () => {
    const admin = await server.createUser({ admin: true });
    for (const path of gatedReads) {
      const response = await admin.client.get(path);
      expect(response.status, path).toBe(403);
      expect(response.problem, path).toMatchObject({
        code: "two_factor_required",
        detail: "Admins must turn on two-factor sign-in before using the admin area. Turn it on from your account page.",
      });
    }
    const write = await admin.client.post("/api/companies", { name: "Not Made Ltd" });
    expect(write.status).toBe(403);
    expect(write.problem.code).toBe("two_factor_required");
  });

  it("still answers what enrolling needs: /api/me (which says it is required), the account's sessions and the auth endpoints", async () => {
    const admin = await server.createUser({ admin: true });
    const me = await admin.client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: "admin", twoFactor: { enabled: false, required: true } });
    expect((await admin.client.get("/api/sessions")).status).toBe(200);
    expect((await admin.client.post("/api/auth/update-user", { name: "Still Allowed" })).status).toBe(200);

    const started = await admin.client.post("/api/auth/two-factor/enable", { password: admin.password });
    expect(started.status).toBe(200);
    const { secret } = started.body as { secret: string };
    expect((await admin.client.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret) })).status).toBe(200);

    // Enrolled: the same admin now reaches the admin area, and /api/me no longer asks for it.
    expect((await admin.client.get("/api/me")).body).toMatchObject({ twoFactor: { enabled: true, required: false } });
    for (const path of gatedReads.filter((path) => path !== "/api/events")) expect((await admin.client.get(path)).status, path).toBe(200);
  });

  it("leaves customers alone: it asks nothing of them", async () => {
    const customer = await server.createUser();
    expect((await customer.client.get("/api/me")).body).toMatchObject({ role: "customer", twoFactor: { enabled: false, required: false } });
    expect((await customer.client.get("/api/projects")).status).toBe(200);
    expect((await customer.client.get("/api/tickets")).status).toBe(200);
  });
});

describe("REQUIRE_ADMIN_2FA unset", () => {
  it("is off by default", async () => {
    const { loadEnv } = await import("../../env");
    expect(loadEnv({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(32) }).REQUIRE_ADMIN_2FA).toBe(false);
    expect(loadEnv({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(32), REQUIRE_ADMIN_2FA: "true" }).REQUIRE_ADMIN_2FA).toBe(true);
    expect(() => loadEnv({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(32), REQUIRE_ADMIN_2FA: "yes" })).toThrow("REQUIRE_ADMIN_2FA must be true or false");
  });
});
