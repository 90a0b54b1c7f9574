import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { isOneClickUnsubscribe } from "../modules/notifications/unsubscribe.routes";
import { isPaymentWebhook } from "../modules/payments/online-payments.routes";
import { isInboundMailWebhook } from "../modules/inbound/inbound.routes";
import { send, type SendOptions } from "../test/security/http";
import { cellsOf, permissionMatrix, runCell, uploadForm, type Cell, type UploadFile } from "../test/security/matrix";
import { isWriteMethod, registeredRoutes } from "../test/security/routes";
import { rowCounts, snapshot } from "../test/security/snapshot";
import { actorNames, isTokenActor } from "../test/security/world";
import { worldForFile } from "@/server/test/per-file";


/** Generous: the machine may be busy, and each sign-in or sign-up hashes a password. */
const LONG = 180_000;
const { server, world } = worldForFile();

const evil = "https://evil.example";

/** How a cross-site page could send the request instead of our web app. */
function forgeries(json: unknown, baseUrl: string): [string, number, SendOptions][] {
  const fields = Object.entries((json ?? {}) as Record<string, unknown>).map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]);
  const urlencoded = new URLSearchParams(fields).toString();
  const text = JSON.stringify(json ?? {});
  const boundary = "----forged";
  const multipart = `${fields.map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`).join("")}--${boundary}--\r\n`;
  const own = { origin: baseUrl };
  return [
    ["an HTML form (urlencoded) from our own origin", 415, { rawBody: urlencoded || "x=1", headers: { ...own, "content-type": "application/x-www-form-urlencoded" } }],
    ["a text/plain form carrying JSON", 415, { rawBody: text, headers: { ...own, "content-type": "text/plain" } }],
    ["a multipart form", 415, { rawBody: multipart, headers: { ...own, "content-type": `multipart/form-data; boundary=${boundary}` } }],
    ["JSON from a foreign origin", 403, { json: json ?? {}, headers: { origin: evil } }],
    ["JSON from an opaque (null) origin", 403, { json: json ?? {}, headers: { origin: "null" } }],
    ["JSON marked cross-site by the browser", 403, { json: json ?? {}, headers: { origin: "", "sec-fetch-site": "cross-site" } }],
    ["an HTML form from a foreign origin", 403, { rawBody: urlencoded || "x=1", headers: { origin: evil, "content-type": "application/x-www-form-urlencoded" } }],
  ];
}

/**
 * How a cross-site page could send an upload (multipart/form-data, which an HTML form can send
 * too, as any other form body): from another origin, or without saying where from. (A body that
 * is no upload, from our own origin, is a 400 of the upload itself: files-suite.ts.)
 */
function uploadForgeries(file: UploadFile): [string, number, SendOptions][] {
  return [
    ["a multipart upload from a foreign origin", 403, { form: uploadForm(file), headers: { origin: evil } }],
    ["a multipart upload from an opaque (null) origin", 403, { form: uploadForm(file), headers: { origin: "null" } }],
    ["a multipart upload that names no origin", 403, { form: uploadForm(file), headers: { origin: "" } }],
    ["a multipart upload marked cross-site by the browser", 403, { form: uploadForm(file), headers: { origin: "", "sec-fetch-site": "cross-site" } }],
    ["a text/plain form from a foreign origin", 403, { rawBody: file.content, headers: { origin: evil, "content-type": "text/plain" } }],
    ["an HTML form (urlencoded) from a foreign origin", 403, { rawBody: "file=x", headers: { origin: evil, "content-type": "application/x-www-form-urlencoded" } }],
  ];
}

/**
 * Writes that a signature authorises, never a cookie, and that the API's CSRF rule therefore lets
 * through from anywhere and in any body: the one-click unsubscribe of a notification mail, which a
 * mail provider POSTs as a form from its own servers with a signed token in its URL (RFC 8058,
 * ADR 029), and the payment provider's webhook, which Stripe POSTs from its servers with a signed
 * body (ADR 043). Their rule is the signature's: without a valid one, no request changes anything,
 * whatever its form, origin or cookie. With one, a request does what it grants (unsubscribe.test.ts,
 * online-payments.test.ts). Each names how it refuses a forgery: the unsubscribe for the token (400)
 * or for a body that is neither a form nor JSON (415); the webhook, with online payment off in this
 * world, is not there (404), and takes nothing but JSON (415). A mail provider's inbound webhook
 * (ADR 044) is authorised by its bearer token alone and takes any body (a mail); with mail in off in
 * this world it is not there for anyone (404), and with it on a forgery lacks the token (401,
 * inbound/receive-mail.test.ts).
 */
const signedRoutes = new Map([
  ["POST /api/notifications/unsubscribe", [400, 415]],
  ["POST /api/payments/stripe/webhook", [404, 415]],
  ["POST /api/inbound/mail", [404]],
]);

/** The exemption as app.ts states it to the CSRF rule (sameOriginJsonOnly). */
const exemptFromCsrfRule = (method: string, path: string) => isOneClickUnsubscribe(method, path) || isPaymentWebhook(method, path) || isInboundMailWebhook(method, path);

const cellStatus = (cell: Cell) => (typeof cell.expect === "number" ? cell.expect : cell.expect.status);

/** For each write route and object, an actor whose genuine request would succeed (so a refusal means something). */
function writeCells(): Cell[] {
  const byTarget = new Map<string, Cell>();
  for (const cell of cellsOf(permissionMatrix(world))) {
    // A forgery rides on a session cookie; a token actor's cell has none to ride on (ADR 030).
    if (!isWriteMethod(cell.method) || isTokenActor(cell.actor)) continue;
    const key = `${cell.method} ${cell.route} ${cell.object}`;
    const status = typeof cell.expect === "number" ? cell.expect : cell.expect.status;
    const current = byTarget.get(key);
    const currentOk = current && (typeof current.expect === "number" ? current.expect : 200) < 300;
    if (!current || (!currentOk && status < 300 && cell.actor !== "anonymous")) byTarget.set(key, cell);
  }
  return [...byTarget.values()];
}

describe("CSRF: state-changing routes take only JSON (uploads: multipart naming our origin) from our own origin", () => {
  it("checks every registered state-changing route", () => {
    const writeRoutes = registeredRoutes(createApp(server.deps)).filter((route) => isWriteMethod(route.split(" ")[0]!) && !route.startsWith("ALL "));
    const tested = new Set(writeCells().map((cell) => cell.route));
    expect(writeRoutes.filter((route) => !tested.has(route))).toEqual([]);
  });

  it("exempts exactly the signature-authorised routes from the rule, and no other registered route", () => {
    const exempt = registeredRoutes(createApp(server.deps)).filter((route) => {
      const [method, path] = route.split(" ") as [string, string];
      return exemptFromCsrfRule(method, path);
    });
    expect(exempt.sort()).toEqual([...signedRoutes.keys()].sort());
  });

  it("refuses forged form, text/plain and cross-origin requests with 403/415, setting no cookie and writing nothing", async () => {
    let refused = 0;
    const failures: string[] = [];
    // A signed route's request with a valid signature is no forgery: it does what the signature grants.
    const cells = writeCells().filter((cell) => !signedRoutes.has(cell.route) || cellStatus(cell) >= 400);
    for (const cell of cells) {
      const request = await cell.build(world, cell.buildAs);
      const cookie = "cookie" in request ? request.cookie : world.cookie(cell.buildAs);
      const before = await snapshot(server.deps.db);
      const forged = request.upload ? uploadForgeries(request.upload) : forgeries(request.json, server.baseUrl);
      for (const [how, status, options] of forged) {
        const response = await send(server.baseUrl, request.path, { method: cell.method, cookie, ...options });
        refused += 1;
        const label = `${cell.route} [${cell.object}] as ${cell.actor} via ${how}`;
        // A signed route refuses as it says (signedRoutes), whatever the origin.
        // A method the path does not have is 405 before anything is read, forged or not (RFC 9110).
        const expected = signedRoutes.get(cell.route) ?? [cellStatus(cell) === 405 ? 405 : status];
        if (!expected.includes(response.status)) failures.push(`${label}: expected ${expected.join(" or ")}, got ${response.status} ${response.text.slice(0, 120)}`);
        if (response.headers.getSetCookie().length) failures.push(`${label}: set a cookie`);
        if (response.headers.get("content-type") !== "application/problem+json") failures.push(`${label}: not problem+json`);
      }
      const after = await snapshot(server.deps.db);
      if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${cell.route} [${cell.object}]: forged requests wrote ${JSON.stringify(rowCounts(after))}`);
      // A forged sign-out must leave the session alive.
      if (cookie && cell.object === "/sign-out") {
        const me = await send(server.baseUrl, "/api/me", { cookie });
        if (me.status !== 200) failures.push(`forged sign-out ended the session: ${me.status}`);
      }
    }
    console.log(`CSRF: ${refused} forged requests against ${cells.length} route × object targets (${new Set(cells.map((c) => c.route)).size} write routes)`);
    expect(failures).toEqual([]);
  }, LONG);

  it("accepts the same requests sent as the web app sends them, JSON or an upload, from our own origin (the forgeries were refused for their form, not their content)", async () => {
    const failures: string[] = [];
    for (const cell of writeCells()) {
      const expected = typeof cell.expect === "number" ? cell.expect : cell.expect.status;
      if (expected >= 300) continue;
      const response = await runCell(world, cell);
      if (response.status !== expected) failures.push(`${cell.route} [${cell.object}] as ${cell.actor}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  }, LONG);

  it("lets safe methods through from anywhere, since they change nothing", async () => {
    const before = await snapshot(server.deps.db);
    for (const actor of actorNames) {
      const response = await send(server.baseUrl, "/api/projects", { cookie: world.cookie(actor), headers: { origin: evil, "sec-fetch-site": "cross-site" } });
      expect(response.status).toBe(actor === "anonymous" ? 401 : 200);
    }
    expect(await snapshot(server.deps.db)).toEqual(before);
  });
});
