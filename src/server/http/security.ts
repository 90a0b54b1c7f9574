import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import { authenticatesWithToken } from "./bearer-token";
import { Problem } from "./problem";

/**
 * CSP without inline scripts (Radix positions popovers with inline style attributes), and a
 * Permissions-Policy that turns off every powerful feature: the app uses none of them, so a
 * script that got in anyway could not reach the camera, the microphone or a payment sheet.
 * HSTS only when the app is served over https: over http the browser ignores it, and sending it
 * anyway hides a misconfiguration (server.ts warns about that case at start-up).
 */
export function securityHeaders(baseUrl: string) {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    permissionsPolicy: DISABLED_FEATURES,
    strictTransportSecurity: baseUrl.startsWith("https://") ? "max-age=15552000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    xContentTypeOptions: "nosniff",
    crossOriginEmbedderPolicy: false,
  });
  // An answer that sets its own, stricter policy keeps it: a stored file's `sandbox` CSP
  // (modules/files/download.ts) must not be replaced by the web app's.
  return createMiddleware(async (c, next) => {
    let own: string | null = null;
    await headers(c, async () => {
      await next();
      own = c.res.headers.get("Content-Security-Policy");
    });
    if (own) c.res.headers.set("Content-Security-Policy", own);
  });
}

/** `feature=()` for each: allowed nowhere, not even on our own origin. */
const DISABLED_FEATURES = Object.fromEntries(
  [
    "accelerometer",
    "autoplay",
    "camera",
    "displayCapture",
    "encryptedMedia",
    "fullscreen",
    "geolocation",
    "gyroscope",
    "hid",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "pictureInPicture",
    "publickeyCredentialsGet",
    "screenWakeLock",
    "serial",
    "usb",
    "xrSpatialTracking",
  ].map((feature) => [feature, [] as string[]]),
);

/** Authenticated JSON must never sit in a shared or browser cache. */
export const noStore = createMiddleware(async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
});

/**
 * The largest API request body. The biggest legitimate one (a 10,000-character description or
 * message, every character escaped as JSON) stays far below it; without a limit, anyone could make
 * the server buffer an arbitrarily large body, before signing in (sign-up reads the whole body).
 */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;

/** Methods that change nothing, so CSRF checks, body limits and cache evictions skip them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

const limitBody = bodyLimit({
  maxSize: API_BODY_LIMIT_BYTES,
  // The rest of the body is not read, so the connection cannot carry another request: say so,
  // rather than announce keep-alive and then close it.
  onError: () => {
    throw new Problem(413, "Content Too Large", `The request body is larger than ${API_BODY_LIMIT_BYTES / 1024} KiB`).withHeaders({ Connection: "close" });
  },
});

/**
 * 413 problem+json for a body over API_BODY_LIMIT_BYTES, by Content-Length or as it streams in.
 * Not on uploads, whose limit is MAX_UPLOAD_MB and which stream to the file store. Not on safe methods: no handler of ours reads their body, and wrapping it would make the Node
 * adapter build a full WHATWG Request on every GET (3 % of a list request's CPU).
 */
// Stryker disable next-line ArrowFunction: equivalent: the matcher's answer is only tested for truth, and undefined is as false as false
export function apiBodyLimit(isUpload: UploadMatcher = () => false) {
  return createMiddleware(async (c, next) => (SAFE_METHODS.has(c.req.method) || isUpload(c.req.method, c.req.path) ? next() : limitBody(c, next)));
}

/**
 * Whether a request goes to a file upload route, which takes multipart/form-data (up to
 * MAX_UPLOAD_MB, checked by the upload itself) instead of JSON (modules/files/upload-routes.ts).
 */
export type UploadMatcher = (method: string, path: string) => boolean;

/**
 * A write that a signed token in its URL authorises instead of a session cookie, and that must be
 * accepted from anywhere and in any body: a mail provider's one-click unsubscribe (RFC 8058), which
 * POSTs a form from its own servers. A forged request gains nothing there that the token does not
 * already grant (modules/notifications/unsubscribe.routes.ts).
 */
export type TokenRouteMatcher = (method: string, path: string) => boolean;

/**
 * CSRF defence for our own API: a state-changing request must come from our origin (when the
 * browser says where it comes from) and carry JSON, which a cross-site HTML form cannot send;
 * uploads carry multipart/form-data and must name our origin. The routes `isTokenRoute` names
 * are not checked: no cookie authorises anything there. Nor is the origin of a request made with an
 * API token (bearer-token.ts): the token, which no other site can attach, is its only authority.
 */
// Stryker disable next-line ArrowFunction: equivalent: the matcher's answer is only tested for truth, and undefined is as false as false
export function sameOriginJsonOnly(baseUrl: string, isUpload: UploadMatcher = () => false, isTokenRoute: TokenRouteMatcher = () => false) {
  const ownOrigin = new URL(baseUrl).origin;
  const crossOrigin = () => new Problem(403, "Forbidden", "Cross-origin requests are not allowed");
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isTokenRoute(c.req.method, c.req.path)) return next();
    const byApiToken = authenticatesWithToken(c.req.path, c.req.raw.headers);
    const origin = c.req.header("origin");
    if (!byApiToken && ((origin && origin !== ownOrigin) || c.req.header("sec-fetch-site") === "cross-site")) throw crossOrigin();
    const length = c.req.header("content-length");
    const hasBody = (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
    const mediaType = c.req.header("content-type")?.split(";")[0];
    const type = mediaType?.trim().toLowerCase();
    if (isUpload(c.req.method, c.req.path)) {
      // A file travels as multipart/form-data, which a cross-site HTML form can send too. Browsers
      // send Origin with every POST and PUT, a form's included, so an upload must carry ours:
      // one without (an old browser's form, a script) is refused like a foreign one. The upload
      // itself refuses any other body (400).
      if (!byApiToken && origin !== ownOrigin) throw crossOrigin();
      return next();
    }
    if (hasBody && type !== "application/json") {
      throw new Problem(415, "Unsupported Media Type", "Send the request body as application/json");
    }
    return next();
  });
}

/**
 * The client's address: the socket peer, or, when the peer is a configured trusted proxy, the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy.
 */
export function clientIp(c: Context, trustedProxies: readonly string[]): string {
  let peer = "unknown";
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // No socket (in-process requests in tests).
  }
  peer = peer.replace(/^::ffff:/, "");
  if (!trustedProxies.includes(peer)) return peer;
  const chain = (c.req.header("x-forwarded-for") ?? "").split(",").map((ip) => ip.trim()).filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i]!.replace(/^::ffff:/, "");
    if (!trustedProxies.includes(hop)) return hop;
  }
  return peer;
}
