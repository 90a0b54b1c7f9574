import { describe, expect, it } from "vitest";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { sendRaw } from "@/server/test/security/http";

/**
 * RFC 9110 §15.5.6: a path the API has, called with a method it does not have, answers 405 with
 * `Allow` listing the methods it has, as problem+json like every other refusal; a path the API
 * does not have stays 404. Over a bare socket: fetch refuses to send TRACE at all.
 */
const server = serverForFile();
const customer = beforeAllTests(() => server.createUser());

const call = (method: string, path: string, cookie?: string) =>
  sendRaw(server.baseUrl, path, { method, headers: { origin: server.baseUrl, ...(cookie ? { cookie } : {}) }, body: "" });

describe("a known path with a method it does not have", () => {
  it("answers TRACE /api/me with 405 and Allow: GET, HEAD, to anyone", async () => {
    for (const cookie of [undefined, customer.client.cookieHeader]) {
      const answer = await call("TRACE", "/api/me", cookie);
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, HEAD");
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      expect(answer.body).toMatchObject({ status: 405, title: "Method Not Allowed" });
    }
  });

  it("lists every method of a path, a concrete path's and its template's together", async () => {
    expect((await call("DELETE", "/api/companies/mine")).headers.get("allow")).toBe("GET, HEAD, PUT");
    const ticket = await call("PUT", "/api/tickets/6f1c1f34-3d5e-4a8b-9a59-0d2f8c5b7a11", customer.client.cookieHeader);
    expect(ticket.status).toBe(405);
    expect(ticket.headers.get("allow")).toBe("GET, HEAD, PATCH");
    const signIn = await call("GET", "/api/auth/sign-in/email");
    expect([signIn.status, signIn.headers.get("allow")]).toEqual([405, "POST"]);
  });

  it("refuses before the write checks: no 415 or 403 for a method the path lacks", async () => {
    const answer = await sendRaw(server.baseUrl, "/api/me", { method: "POST", headers: { origin: "https://elsewhere.example", "content-type": "text/plain" }, body: "x" });
    expect([answer.status, answer.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });

  it("leaves the path's own methods and unknown paths alone", async () => {
    expect((await call("GET", "/api/me", customer.client.cookieHeader)).status).toBe(200);
    expect((await call("GET", "/api/no-such-route", customer.client.cookieHeader)).status).toBe(404);
    expect((await call("TRACE", "/api/no-such-route", customer.client.cookieHeader)).status).toBe(404);
  });
});
