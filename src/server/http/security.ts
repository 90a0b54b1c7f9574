import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import { Problem } from "./problem";

/**
 * CSP without inline scripts (Radix positions popovers with inline style attributes), and a
 * Permissions-Policy that turns off every powerful feature: the app uses none of them, so a
 * script that got in anyway could not reach the camera, the microphone or a payment sheet.
 * HSTS only when the app is served over https: over http the browser ignores it, and sending it
 * anyway hides a misconfiguration (server.ts warns about that case at start-up).
 */
export function securityHeaders(baseUrl: string) {
  return secureHeaders({
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
 * Not on safe methods: no handler of ours reads their body, and wrapping it would make the Node
 * adapter build a full WHATWG Request on every GET (3 % of a list request's CPU).
 */
export const apiBodyLimit = createMiddleware(async (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : limitBody(c, next)));

/**
 * CSRF defence for our own API: a state-changing request must come from our origin (when the
 * browser says where it comes from) and carry JSON, which a cross-site HTML form cannot send.
 */
export function sameOriginJsonOnly(baseUrl: string) {
  const ownOrigin = new URL(baseUrl).origin;
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    if ((origin && origin !== ownOrigin) || c.req.header("sec-fetch-site") === "cross-site") {
      throw new Problem(403, "Forbidden", "Cross-origin requests are not allowed");
    }
    const length = c.req.header("content-length");
    const hasBody = (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
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
