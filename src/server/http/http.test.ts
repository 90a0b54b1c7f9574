import { describe, expect, it } from "vitest";
import { createRouter } from "./context";
import { requireRole, requireSession } from "./session";
import { errorHandler } from "./problem";
import { serverForFile } from "@/server/test/per-file";
import { expectProblem } from "@/server/test/expect-problem";
import { registeredRoutes } from "@/server/test/security/routes";
import { createApp } from "../app";
import { ENABLED_AUTH_ENDPOINTS } from "../modules/auth/auth.routes";

const server = serverForFile();

describe("requireSession and requireRole", () => {
  const adminOnly = () => {
    const app = createRouter();
    app.onError(errorHandler(server.deps.log));
    app.get("/admin-thing", requireSession(server.deps), requireRole("admin"), (c) => c.json({ ok: true }));
    return app;
  };

  it("answers 401 without a session, 403 to a customer and 200 to an admin", async () => {
    const app = adminOnly();
    const customer = await server.createUser();
    const admin = await server.createUser({ admin: true });
    const call = (cookie?: string) => app.request("/admin-thing", { headers: cookie ? { cookie } : {} });
    expect((await call()).status).toBe(401);
    const forbidden = await call(customer.client.cookieHeader);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ status: 403, title: "Forbidden" });
    expect((await call(admin.client.cookieHeader)).status).toBe(200);
  });
});

describe("API surface", () => {
  it("serves health, readiness and the OpenAPI document", async () => {
    const client = server.anonymous();
    expect((await client.get("/api/health")).body).toEqual({ status: "ok" });
    expect((await client.get("/api/ready")).body).toEqual({ status: "ready" });
    const doc = await client.get("/api/openapi.json");
    expect(doc.body.openapi).toBe("3.1.0");
    expect(Object.keys(doc.body.paths!)).toContain("/me");
  });

  it("serves the document as the same bytes every time, gzipped on request, and answers a revalidation with 304", async () => {
    const url = `${server.baseUrl}/api/openapi.json`;
    const first = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const plain = await fetch(url, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("etag")).toBe(etag);
    expect(await plain.text()).toBe(await first.text());
    const again = await fetch(url, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("names every operation once, says what security each needs, and documents 401 for each session operation", async () => {
    const doc = (await server.anonymous().get("/api/openapi.json")).body;
    const operations = Object.entries(doc.paths!).flatMap(([path, item]) =>
      (["get", "post", "put", "patch", "delete"] as const).flatMap((method) => (item?.[method] ? [{ path, method, ...item[method] }] : [])),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !id), "operations without an operationId").toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    // `security: []` for a public operation; `[{}, {cookieAuth: []}]` where the cookie is optional;
    // `[{cookieAuth: []}, {bearerAuth: []}]` where an API token does as well as a session (ADR 030).
    expect(operations.filter((operation) => operation.security === undefined).map((o) => `${o.method} ${o.path}`), "operations without security").toEqual([]);
    const session = operations.filter((operation) => operation.security!.length > 0 && operation.security!.every((requirement) => "cookieAuth" in requirement || "bearerAuth" in requirement));
    expect(session.length).toBeGreaterThan(20);
    expect(session.filter((operation) => !operation.responses?.["401"]).map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it("documents every route the app registers under /api (Better Auth's aside), relative to its /api server", async () => {
    const doc = (await server.anonymous().get("/api/openapi.json")).body;
    expect(doc.servers).toEqual([{ url: "/api" }]);
    const methods = ["get", "put", "post", "delete", "patch"];
    const documented = new Set(
      Object.entries(doc.paths!).flatMap(([path, item]) =>
        Object.keys(item ?? {})
          .filter((method) => methods.includes(method))
          .map((method) => `${method.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ":$1")}`),
      ),
    );
    const registered = registeredRoutes(createApp(server.deps)).filter((route) => {
      const [method, path] = route.split(" ") as [string, string];
      return method !== "ALL" && path.startsWith("/api/") && !path.startsWith("/api/auth/") && path !== "/api/openapi.json";
    });
    expect(registered.length).toBeGreaterThan(20);
    expect(registered.filter((route) => !documented.has(route))).toEqual([]);
  });

  it("describes the Better Auth endpoints the web app signs in, up and out with, and none that is switched off", async () => {
    const doc = (await server.anonymous().get("/api/openapi.json")).body;
    const described = Object.entries(doc.paths!)
      .filter(([path]) => path.startsWith("/auth/"))
      .flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path.slice("/auth".length)}`));
    expect(described.filter((endpoint) => !ENABLED_AUTH_ENDPOINTS.has(endpoint)), "described but switched off").toEqual([]);
    expect(described).toEqual(expect.arrayContaining(["POST /sign-in/email", "POST /sign-up/email", "POST /sign-out", "GET /get-session"]));
  });

  it("sets security headers on every response", async () => {
    const response = await server.anonymous().raw("/api/health");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("refuses a state-changing request from a foreign origin or without JSON", async () => {
    const client = server.anonymous();
    const foreign = await client.raw("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ email: "x@example.test", password: "whatever" }),
    });
    expect(foreign.status).toBe(403);
    const form = await client.raw("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=x%40example.test&password=whatever",
    });
    expect(form.status).toBe(415);
  });

  it("answers an unknown API path for a signed-in user with 404 problem+json", async () => {
    const user = await server.createUser();
    const response = await user.client.get("/api/no-such-thing");
    expectProblem(response, 404, { title: "Not Found" });
  });
});
