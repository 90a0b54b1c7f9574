import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationPreferences } from "@/server/db/schema";
import { serverForFile } from "@/server/test/per-file";
import type { TestUser } from "@/server/test/harness";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token";

const server = serverForFile();

const storedOf = async (user: TestUser) => server.deps.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
const linkOf = (token: string) => `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` as const;

/** What a mail provider sends for the one-click button (RFC 8058): a form, from its own servers, without a cookie. */
const oneClick = (token: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${linkOf(token)}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provider.example", ...headers },
    body: "List-Unsubscribe=One-Click",
  });

/** The base64url characters that mean other bits: one of them in place of a token's character alters it. */
const flip = (char: string) => (char === "A" ? "B" : "A");

describe("unsubscribe links (RFC 8058)", () => {
  it("tells what a link turns off without changing anything, then turns it off on POST, again with the same answer", async () => {
    const user = await server.createUser();
    const token = unsubscribeToken(server.env.AUTH_SECRET, { userId: user.id, kind: "invoice_issued" });
    const info = await server.anonymous().get(linkOf(token));
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ kind: "invoice_issued", label: "New invoices", delivery: "digest" });
    expect(await storedOf(user)).toEqual([]);

    // The web app's page: JSON, our origin, no session needed.
    const posted = await server.anonymous().post(linkOf(token), {});
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual({ kind: "invoice_issued", label: "New invoices", delivery: "off" });
    const again = await oneClick(token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ kind: "invoice_issued", label: "New invoices", delivery: "off" });
    expect(await storedOf(user)).toEqual([{ userId: user.id, kind: "invoice_issued", delivery: "off" }]);
    // Only that kind: the others keep their defaults.
    expect((await user.client.get("/api/notifications/preferences")).body.items).toContainEqual({ kind: "message", delivery: "immediate" });
  });

  it("answers a forged, altered, truncated or malformed token with 400 naming `token`, on GET and POST alike, and changes nothing", async () => {
    const user = await server.createUser();
    await user.client.put("/api/notifications/preferences", { items: [{ kind: "message", delivery: "digest" }] });
    const before = await storedOf(user);
    const genuine = unsubscribeToken(server.env.AUTH_SECRET, { userId: user.id, kind: "message" });
    const [payload, signature] = genuine.split(".") as [string, string];
    const otherKind = Buffer.from(`${user.id}:ticket_status`).toString("base64url");
    const bad = {
      "signed with another secret": unsubscribeToken("another-secret-another-secret-0123456789", { userId: user.id, kind: "message" }),
      "another kind under the genuine signature": `${otherKind}.${signature}`,
      "one character of the signature changed": `${payload}.${flip(signature[0]!)}${signature.slice(1)}`,
      "one character of the payload changed": `${flip(payload[0]!)}${payload.slice(1)}.${signature}`,
      "the signature cut short": `${payload}.${signature.slice(0, -2)}`,
      "no signature": payload,
      "three parts": `${genuine}.x`,
      "not base64url": `${payload}.${signature.slice(0, -1)}*`,
      "a word": "unsubscribe-me",
    };
    for (const [what, token] of Object.entries(bad)) {
      for (const answer of [await server.anonymous().get(linkOf(token)), await server.anonymous().post(linkOf(token), {})]) {
        expect(answer.status, what).toBe(400);
        expect(answer.problem.errors?.map((error) => error.field), what).toEqual(["token"]);
      }
      expect((await oneClick(token)).status, what).toBe(400);
    }
    // Too long or empty: refused by the query's own limits, naming the token all the same.
    for (const token of ["", "x".repeat(501)]) {
      const answer = await server.anonymous().post(`/api/notifications/unsubscribe?token=${token}`, {});
      expect(answer.status).toBe(400);
      expect(answer.problem.errors?.map((error) => error.field)).toEqual(["token"]);
    }
    expect((await server.anonymous().post("/api/notifications/unsubscribe", {})).status).toBe(400);
    expect(await storedOf(user)).toEqual(before);
  });

  it("lets no session cookie stand in for the token: the victim's own cookie with a made-up token changes nothing", async () => {
    const user = await server.createUser();
    const response = await oneClick(`${"M".repeat(72)}.${"M".repeat(43)}`, { cookie: user.client.cookieHeader, "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await storedOf(user)).toEqual([]);
  });

  it("refuses a body that is neither a form nor JSON with 415, and a token whose account is gone with 400", async () => {
    const user = await server.createUser();
    const token = unsubscribeToken(server.env.AUTH_SECRET, { userId: user.id, kind: "message" });
    const plain = await server.anonymous().raw(linkOf(token), { method: "POST", headers: { "content-type": "text/plain" }, body: "List-Unsubscribe=One-Click" });
    expect(plain.status).toBe(415);
    expect(await storedOf(user)).toEqual([]);

    const nobody = unsubscribeToken(server.env.AUTH_SECRET, { userId: "00000000-0000-4000-8000-000000000000", kind: "message" });
    const answer = await server.anonymous().get(linkOf(nobody));
    expect(answer.status).toBe(400);
    expect(answer.problem.errors?.map((error) => error.field)).toEqual(["token"]);
  });

  it("reads back exactly what it signed, and nothing that names no user and known kind", () => {
    const secret = server.env.AUTH_SECRET;
    const target = { userId: "6f1c2f4e-8d1a-4c1e-9a57-1f1b2d3c4e5f", kind: "ticket_status" } as const;
    expect(readUnsubscribeToken(secret, unsubscribeToken(secret, target))).toEqual(target);
    // Well signed, but not a user id and a kind: a token this code never makes.
    expect(readUnsubscribeToken(secret, unsubscribeToken(secret, { userId: "not-a-uuid", kind: "ticket_status" }))).toBeNull();
    expect(readUnsubscribeToken(secret, unsubscribeToken(secret, { userId: target.userId, kind: "no_such_kind" as never }))).toBeNull();
    // The key is derived for this use alone: a plain HMAC with AUTH_SECRET itself signs nothing here.
    const payload = Buffer.from(`${target.userId}:${target.kind}`).toString("base64url");
    const plainHmac = createHmac("sha256", secret).update(`${target.userId}:${target.kind}`).digest("base64url");
    expect(readUnsubscribeToken(secret, `${payload}.${plainHmac}`)).toBeNull();
  });
});
