import { Hono, type Context } from "hono";
import { describe, expect, it } from "vitest";
import { Problem, problemJson } from "./problem";
import { apiBodyLimit, clientIp, noStore, sameOriginJsonOnly, securityHeaders, type UploadMatcher } from "./security";

/**
 * The HTTP defences of security.ts in front of a bare router, one request at a time: the headers,
 * the body limit, the CSRF check and the client's address. security/headers.test.ts and
 * csrf.test.ts check the same on every route of the whole app.
 */
const BASE_URL = "https://portal.example.test";
const ORIGIN = "https://portal.example.test";
const isUpload: UploadMatcher = (method, path) => method === "POST" && path === "/api/files";

function router(...middleware: Parameters<Hono["use"]>[1][]) {
  const app = new Hono();
  app.onError((error, c) => (error instanceof Problem ? problemJson(c, error) : c.text(`unexpected: ${error.message}`, 500)));
  for (const handler of middleware) app.use(handler);
  app.get("/own-csp", (c) => c.text("file", 200, { "Content-Security-Policy": "sandbox; default-src 'none'" }));
  app.get("/cached", (c) => c.text("public", 200, { "Cache-Control": "public, max-age=60" }));
  app.all("*", async (c) => c.text(c.req.method === "GET" || c.req.method === "HEAD" ? "read" : `took ${(await c.req.text()).length}`));
  return app;
}

/** Directive -> its value, as the browser reads the header ("a 'self'; b" or "a=(), b=()"). */
function directives(header: string | null): Record<string, string> {
  const parts = (header ?? "").split(/[;,]/).map((part) => part.trim()).filter(Boolean);
  return Object.fromEntries(parts.map((part) => /^([\w-]+)[\s=]*(.*)$/.exec(part)!.slice(1, 3)));
}

describe("securityHeaders", () => {
  it("sends the app's content security policy: nothing inline but styles, nothing from elsewhere, no framing", async () => {
    const answer = await router(securityHeaders(BASE_URL)).request("/anything");
    expect(directives(answer.headers.get("content-security-policy"))).toEqual({
      "default-src": "'self'",
      "script-src": "'self'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data:",
      "font-src": "'self'",
      "connect-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "frame-ancestors": "'none'",
    });
  });

  it("turns off every powerful feature, for every origin", async () => {
    const answer = await router(securityHeaders(BASE_URL)).request("/anything");
    const features = directives(answer.headers.get("permissions-policy"));
    // Written out as the header spells them, not derived from the code's camelCase keys, so a feature dropped there fails here.
    const expected = "accelerometer autoplay camera display-capture encrypted-media fullscreen geolocation gyroscope hid magnetometer microphone midi payment picture-in-picture publickey-credentials-get screen-wake-lock serial usb xr-spatial-tracking";
    expect(Object.keys(features).sort()).toEqual(expected.split(" ").sort());
    for (const [feature, allowed] of Object.entries(features)) expect(allowed, feature).toBe("()");
  });

  it("forbids framing and sniffing, keeps the referrer to the origin across sites, and leaves embedding alone", async () => {
    const { headers } = await router(securityHeaders(BASE_URL)).request("/anything");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("cross-origin-embedder-policy")).toBeNull();
  });

  it("sends HSTS when the app is served over https only", async () => {
    expect((await router(securityHeaders(BASE_URL)).request("/anything")).headers.get("strict-transport-security")).toBe("max-age=15552000; includeSubDomains");
    expect((await router(securityHeaders("http://localhost:3000")).request("/anything")).headers.get("strict-transport-security")).toBeNull();
    expect((await router(securityHeaders("http://https.example.test")).request("/anything")).headers.get("strict-transport-security")).toBeNull();
  });

  it("keeps an answer's own, stricter policy", async () => {
    const answer = await router(securityHeaders(BASE_URL)).request("/own-csp");
    expect(answer.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("noStore", () => {
  it("keeps an answer out of every cache unless it says otherwise", async () => {
    const app = router(noStore);
    expect((await app.request("/anything")).headers.get("cache-control")).toBe("no-store");
    expect((await app.request("/cached")).headers.get("cache-control")).toBe("public, max-age=60");
  });
});

describe("apiBodyLimit", () => {
  const MIB = 1024 * 1024;
  const post = (app: Hono, body: string | ReadableStream, path = "/api/things", method = "POST") =>
    app.request(path, { method, body, headers: typeof body === "string" ? { "content-length": String(body.length) } : {}, ...(typeof body === "string" ? {} : { duplex: "half" }) } as RequestInit);
  const stream = (bytes: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < bytes; sent += 64 * 1024) controller.enqueue(new Uint8Array(Math.min(64 * 1024, bytes - sent)));
        controller.close();
      },
    });

  it("takes a body of 1 MiB and refuses one byte more with 413, closing the connection", async () => {
    const app = router(apiBodyLimit(isUpload));
    const fits = await post(app, "x".repeat(MIB));
    expect(fits.status).toBe(200);
    expect(await fits.text()).toBe(`took ${MIB}`);
    const tooLarge = await post(app, "x".repeat(MIB + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("connection")).toBe("close");
    expect(await tooLarge.json()).toMatchObject({ status: 413, title: "Content Too Large", detail: "The request body is larger than 1024 KiB" });
    for (const method of ["PUT", "PATCH", "DELETE"]) expect((await post(app, "x".repeat(MIB + 1), "/api/things", method)).status, method).toBe(413);
  });

  it("counts a body that streams in without a length", async () => {
    const app = router(apiBodyLimit(isUpload));
    expect((await post(app, stream(MIB))).status).toBe(200);
    expect((await post(app, stream(MIB + 1))).status).toBe(413);
  });

  it("leaves uploads and the methods that change nothing to their own limits", async () => {
    const app = router(apiBodyLimit(isUpload));
    expect((await post(app, "x".repeat(MIB + 1), "/api/files")).status).toBe(200);
    expect((await post(app, "x".repeat(MIB + 1), "/api/files", "PUT")).status).toBe(413);
    // Their announced length alone would be refused if they were checked.
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect((await app.request("/api/things", { method, headers: { "content-length": String(MIB + 1) } })).status, method).toBe(200);
    }
    expect((await router(apiBodyLimit()).request("/api/files", { method: "POST", body: "x".repeat(MIB + 1), headers: { "content-length": String(MIB + 1) } })).status).toBe(413);
  });
});

describe("sameOriginJsonOnly", () => {
  const app = router(sameOriginJsonOnly(`${BASE_URL}/portal/`, isUpload));
  const json = { "content-type": "application/json" };
  const send = (headers: Record<string, string>, init: RequestInit & { path?: string } = {}) =>
    app.request(init.path ?? "/api/things", { method: "POST", ...init, headers });
  const problem = async (answer: Response) => ({ status: answer.status, ...((await answer.json()) as object) });

  it("refuses a write from another origin, or that the browser says is cross-site, with 403", async () => {
    for (const headers of [
      { ...json, origin: "https://evil.example.test" },
      { ...json, origin: "http://portal.example.test" },
      { ...json, origin: "https://portal.example.test:8443" },
      { ...json, "sec-fetch-site": "cross-site" },
      { ...json, origin: ORIGIN, "sec-fetch-site": "cross-site" },
    ]) {
      expect(await problem(await send(headers, { body: "{}" })), JSON.stringify(headers)).toMatchObject({
        status: 403,
        title: "Forbidden",
        detail: "Cross-origin requests are not allowed",
      });
    }
  });

  it("takes a write from its own origin, or without an Origin from a client that is not a cross-site page", async () => {
    expect((await send({ ...json, origin: ORIGIN }, { body: "{}" })).status).toBe(200);
    expect((await send(json, { body: "{}" })).status).toBe(200);
    expect((await send({ ...json, "sec-fetch-site": "same-origin" }, { body: "{}" })).status).toBe(200);
    expect((await send({ ...json, "sec-fetch-site": "same-site" }, { body: "{}" })).status).toBe(200);
    expect((await send({ ...json, "sec-fetch-site": "none" }, { body: "{}" })).status).toBe(200);
  });

  it("does not look at the methods that change nothing", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect((await app.request("/api/things", { method, headers: { origin: "https://evil.example.test", "sec-fetch-site": "cross-site", "content-length": "5", "content-type": "text/plain" } })).status, method).toBe(200);
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) expect((await send({ origin: "https://evil.example.test" }, { method })).status, method).toBe(403);
  });

  it("refuses a body that is not JSON with 415, whether it has a length or streams", async () => {
    for (const [type, body, length] of [
      ["text/plain", "{}", "2"],
      ["application/x-www-form-urlencoded", "a=1", "3"],
      ["multipart/form-data; boundary=x", "--x--", "5"],
      ["application/jsonp", "{}", "2"],
    ] as const) {
      expect(await problem(await send({ origin: ORIGIN, "content-type": type, "content-length": length }, { body })), type).toMatchObject({
        status: 415,
        title: "Unsupported Media Type",
        detail: "Send the request body as application/json",
      });
    }
    expect((await send({ origin: ORIGIN, "content-length": "2" }, { body: "{}" })).status).toBe(415);
    expect((await send({ origin: ORIGIN, "content-type": "text/plain", "transfer-encoding": "chunked" })).status).toBe(415);
  });

  it("takes JSON however its type is written, and a write without a body whatever its type", async () => {
    for (const type of ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/json ; charset=utf-8"]) {
      expect((await send({ origin: ORIGIN, "content-type": type, "content-length": "2" }, { body: "{}" })).status, type).toBe(200);
    }
    expect((await send({ origin: ORIGIN })).status).toBe(200);
    expect((await send({ origin: ORIGIN, "content-type": "text/plain", "content-length": "0" })).status).toBe(200);
    expect((await send({ origin: ORIGIN, "content-type": "text/plain" })).status).toBe(200);
  });

  it("takes an upload's multipart body only with its own Origin", async () => {
    const upload = { "content-type": "multipart/form-data; boundary=x", "content-length": "5" };
    expect((await send({ ...upload, origin: ORIGIN }, { path: "/api/files", body: "--x--" })).status).toBe(200);
    expect((await send(upload, { path: "/api/files", body: "--x--" })).status).toBe(403);
    expect((await send({ ...upload, origin: "https://evil.example.test" }, { path: "/api/files", body: "--x--" })).status).toBe(403);
    // Only the matched upload route: the same body elsewhere is refused as not JSON.
    expect((await send({ ...upload, origin: ORIGIN }, { path: "/api/files", method: "PUT", body: "--x--" })).status).toBe(415);
    expect((await router(sameOriginJsonOnly(BASE_URL)).request("/api/files", { method: "POST", body: "--x--", headers: { ...upload, origin: ORIGIN } })).status).toBe(415);
  });

  it("lets a token-authorised route take a form from anywhere, and only that method and path", async () => {
    const isTokenRoute = (method: string, path: string) => method === "POST" && path === "/api/unsubscribe";
    const exempting = router(sameOriginJsonOnly(BASE_URL, isUpload, isTokenRoute));
    const form = { "content-type": "application/x-www-form-urlencoded", "content-length": "26" };
    const body = "List-Unsubscribe=One-Click";
    const at = (path: string, headers: Record<string, string>, method = "POST") => exempting.request(path, { method, body, headers });
    for (const headers of [form, { ...form, origin: "https://mail.example.test" }, { ...form, origin: "null", "sec-fetch-site": "cross-site" }]) {
      expect((await at("/api/unsubscribe", headers)).status, JSON.stringify(headers)).toBe(200);
    }
    // The same request anywhere else, or as another method, meets the rule as before.
    expect((await at("/api/unsubscribe", { ...form, origin: "https://mail.example.test" }, "PUT")).status).toBe(403);
    expect((await at("/api/unsubscribe/x", { ...form, origin: "https://mail.example.test" })).status).toBe(403);
    expect((await at("/api/things", form)).status).toBe(415);
    expect((await router(sameOriginJsonOnly(BASE_URL, isUpload)).request("/api/unsubscribe", { method: "POST", body, headers: form })).status).toBe(415);
  });
});

describe("clientIp", () => {
  /** The address clientIp finds for a request from `peer` (undefined: no socket at all). */
  async function ipOf(peer: string | null | undefined, trusted: string[], forwardedFor?: string): Promise<string> {
    const app = new Hono();
    app.get("/", (c: Context) => c.text(clientIp(c, trusted)));
    const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer ?? undefined, remotePort: 50_000, remoteFamily: "IPv4" } } };
    return (await app.request("/", { headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor } }, env)).text();
  }

  it("is the socket's peer, without the IPv4-mapped prefix, when the peer is not a trusted proxy", async () => {
    expect(await ipOf("203.0.113.7", [])).toBe("203.0.113.7");
    expect(await ipOf("::ffff:203.0.113.7", [])).toBe("203.0.113.7");
    expect(await ipOf("2001:db8::ffff:a00:1", [])).toBe("2001:db8::ffff:a00:1");
    // Whatever it claims to be forwarding for.
    expect(await ipOf("203.0.113.7", ["10.0.0.1"], "198.51.100.1")).toBe("203.0.113.7");
  });

  it("is 'unknown' without a socket or its address", async () => {
    expect(await ipOf(undefined, [], "198.51.100.1")).toBe("unknown");
    expect(await ipOf(null, [])).toBe("unknown");
  });

  it("behind trusted proxies, is the right-most forwarded address that is not one of them", async () => {
    const proxies = ["10.0.0.1", "10.0.0.2"];
    expect(await ipOf("::ffff:10.0.0.1", proxies, "198.51.100.1")).toBe("198.51.100.1");
    expect(await ipOf("10.0.0.1", proxies, "198.51.100.9, 198.51.100.1")).toBe("198.51.100.1");
    expect(await ipOf("10.0.0.1", proxies, "198.51.100.9, 198.51.100.1, 10.0.0.2")).toBe("198.51.100.1");
    expect(await ipOf("10.0.0.1", proxies, "198.51.100.9,::ffff:10.0.0.2")).toBe("198.51.100.9");
    expect(await ipOf("10.0.0.1", proxies, " ::ffff:198.51.100.5 ,, ")).toBe("198.51.100.5");
    expect(await ipOf("10.0.0.1", proxies, "2001:db8::ffff:a00:1")).toBe("2001:db8::ffff:a00:1");
    // Nothing forwarded, or only proxies: the proxy itself is the client.
    expect(await ipOf("10.0.0.1", proxies)).toBe("10.0.0.1");
    expect(await ipOf("10.0.0.1", proxies, "10.0.0.2, 10.0.0.1")).toBe("10.0.0.1");
    expect(await ipOf("10.0.0.1", proxies, "")).toBe("10.0.0.1");
  });
});
