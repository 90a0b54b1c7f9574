import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { API_BODY_LIMIT_BYTES } from "../http/security";
import { SIGN_IN_ADDRESS_LIMITS } from "../modules/auth/address-sign-in-limit";
import { startTestServer, type TestServer } from "../test/harness";
import { send, sendRaw, type Sent } from "../test/security/http";
import { cellsOf, permissionMatrix, runCell, type Cell } from "../test/security/matrix";
import { mapConcurrent } from "../test/security/pool";
import { buildWorld, isTokenActor, type World } from "../test/security/world";


/** Generous: the machine may be busy, and each sign-in or sign-up hashes a password. */
const LONG = 180_000;
let server: TestServer;
let world: World;
let webDist: string;
beforeAll(async () => {
  // Every cell runs, A's owner's API tokens' too: the posting limit raised as in worldForFile.
  server = await startTestServer({ WRITE_RATE_LIMIT: "1000" });
  world = await buildWorld(server);
  // A small built SPA: index.html with a module script, and hashed assets.
  webDist = mkdtempSync(join(tmpdir(), "portico-headers-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), '<!doctype html><title>__BRAND_NAME__</title><script type="module" src="/assets/app-1a2b3c.js"></script><div id="root"></div>');
  writeFileSync(join(webDist, "assets", "app-1a2b3c.js"), "console.log('app');");
  writeFileSync(join(webDist, "assets", "app-1a2b3c.css"), "body{margin:0}");
});
afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The CSP as directive -> sources. */
function csp(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const strictReferrerPolicies = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];

let checked = 0;
/** What is wrong with the security headers of one answer (`api`: it must also be uncacheable). */
function headerProblems(label: string, headers: Headers, api: boolean): string[] {
  checked += 1;
  const problems: string[] = [];
  const policy = csp(headers.get("content-security-policy"));
  const scripts = policy.get("script-src") ?? policy.get("default-src");
  if (!scripts) problems.push("no script-src");
  else if (scripts.some((source) => ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"].includes(source))) problems.push(`script-src ${scripts.join(" ")}`);
  if (policy.get("frame-ancestors")?.join(" ") !== "'none'") problems.push("frame-ancestors is not 'none'");
  if (policy.get("object-src")?.join(" ") !== "'none'") problems.push("object-src is not 'none'");
  if (headers.get("x-content-type-options") !== "nosniff") problems.push("no nosniff");
  if (!strictReferrerPolicies.includes(headers.get("referrer-policy") ?? "")) problems.push(`referrer-policy ${headers.get("referrer-policy")}`);
  if (headers.get("x-frame-options") !== "DENY") problems.push("x-frame-options is not DENY");
  if (api && !/\bno-store\b/.test(headers.get("cache-control") ?? "")) problems.push(`cache-control ${headers.get("cache-control")}`);
  return problems.map((problem) => `${label}: ${problem}`);
}

describe("security headers on every response", () => {
  it("sends CSP without inline script, nosniff, frame-ancestors 'none', a strict referrer policy and no-store on every API answer of every route, session actor and object", async () => {
    // The auth writes cost a password hash each and answer like their read neighbours; one of each is enough.
    // API tokens' cells are left out: their answers, refusals included, leave through the same
    // middleware as their maker's (the token's own refusals are checked in the next test).
    const cells = cellsOf(permissionMatrix(world)).filter((cell) => !isTokenActor(cell.actor) && !(cell.route === "POST /api/auth/*" && cell.actor !== "customerA"));
    const problems: string[] = [];
    const statuses = new Set<number>();
    const check = async (cell: Cell) => {
      const response = await runCell(world, cell);
      statuses.add(response.status);
      problems.push(...headerProblems(`${cell.route} [${cell.object}] as ${cell.actor} (${response.status})`, response.headers, true));
    };
    // As in the permission matrix: the cells marked `last` (ending an actor's other sessions, say)
    // would pull sessions from under cells running beside them.
    await mapConcurrent(cells.filter((cell) => !cell.last), 6, check);
    for (const cell of cells.filter((cell) => cell.last)) await check(cell);
    expect(problems).toEqual([]);
    // Successes, redirects and the usual errors all passed through the check.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 201, 302, 400, 401, 403, 404]));
  }, LONG);

  it("sends them on the errors that middleware answers: 403 cross-origin, 413 too large, 415 not JSON, 429 rate limited, 400 malformed JSON, an API token refused", async () => {
    const cookie = world.cookie("customerA");
    const answers: [string, Sent][] = [
      ["cross-origin", await send(server.baseUrl, "/api/tickets", { method: "POST", cookie, json: {}, headers: { origin: "https://evil.example" } })],
      ["not JSON", await send(server.baseUrl, "/api/tickets", { method: "POST", cookie, rawBody: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } })],
      ["malformed JSON", await send(server.baseUrl, "/api/tickets", { method: "POST", cookie, rawBody: "{", headers: { "content-type": "application/json" } })],
      [
        "too large",
        await sendRaw(server.baseUrl, "/api/tickets", {
          method: "POST",
          body: JSON.stringify({ title: "x".repeat(API_BODY_LIMIT_BYTES) }),
          headers: { "content-type": "application/json", origin: server.baseUrl, cookie: cookie! },
        }),
      ],
    ];
    answers.push(["revoked API token", await send(server.baseUrl, "/api/me", { headers: { authorization: `Bearer ${world.tokens.revokedTokenA}` } })]);
    answers.push(["read-only API token writing", await send(server.baseUrl, "/api/messages", { method: "POST", json: { content: "x" }, headers: { authorization: `Bearer ${world.tokens.readTokenA}` } })]);
    // One address's wrong passwords, each for another account, up to its limit and one past it.
    const { failures } = SIGN_IN_ADDRESS_LIMITS;
    for (let i = 1; i <= failures + 1; i++) {
      const answer = await send(server.baseUrl, "/api/auth/sign-in/email", { method: "POST", json: { email: `nobody-${i}@example.test`, password: "wrong" }, ip: "10.204.0.1" });
      if (i >= failures) answers.push([`sign-in ${i}`, answer]);
    }
    expect(answers.map(([, response]) => response.status)).toEqual([403, 415, 400, 413, 401, 403, 401, 429]);
    const problems = answers.flatMap(([label, response]) => headerProblems(label, response.headers, true));
    expect(problems).toEqual([]);
    for (const [, response] of answers) expect(response.headers.get("content-type")).toBe("application/problem+json");
  });

  it("sends them on the web app: index.html for every client route, hashed assets and unknown files", async () => {
    const app = createApp(server.deps, { webDist });
    const problems: string[] = [];
    const request = (path: string, init: RequestInit = {}) => app.request(path, init);
    for (const path of ["/", "/auth", "/dashboard", "/dashboard/tickets/123", "/admin/customers/x", "/no/such/page"]) {
      const response = await request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("<title>Portico</title>");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      problems.push(...headerProblems(`GET ${path}`, response.headers, false));
    }
    const asset = await request("/assets/app-1a2b3c.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toContain("javascript");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    problems.push(...headerProblems("GET /assets/app-1a2b3c.js", asset.headers, false));
    const style = await request("/assets/app-1a2b3c.css");
    problems.push(...headerProblems("GET /assets/app-1a2b3c.css", style.headers, false));
    const missing = await request("/assets/missing.js");
    expect(missing.status).toBe(404);
    problems.push(...headerProblems("GET /assets/missing.js", missing.headers, false));
    const post = await request("/dashboard", { method: "POST" });
    expect(post.status).toBe(404);
    problems.push(...headerProblems("POST /dashboard", post.headers, false));
    // The API behind the same app, signed in and not.
    for (const [path, cookie] of [["/api/me", world.cookie("customerA")], ["/api/me", undefined], ["/api/nope", world.cookie("admin")]] as const) {
      const response = await request(path, { headers: cookie ? { cookie } : {} });
      problems.push(...headerProblems(`GET ${path} (${response.status})`, response.headers, true));
    }
    expect(problems).toEqual([]);
    console.log(`security headers: ${checked} responses checked`);
  });

  it("keeps an authenticated JSON answer out of every cache", async () => {
    const response = await send(server.baseUrl, "/api/invoices", { cookie: world.cookie("customerA") });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const stream = await send(server.baseUrl, "/api/events", { cookie: world.cookie("customerA") });
    expect(stream.headers.get("cache-control")).toBe("no-store");
  });
});
