import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { Actor } from "../actor";
import type { AppDeps, AppEnv } from "./context";

/**
 * First on every request: gives it an id (X-Request-Id on the answer, `requestId` in a problem
 * body), then writes one log line and counts it for the metrics once the answer's headers are
 * ready. The line holds the method, the route pattern, the status, the time taken and the user's
 * id: never the URL (a query may carry a token), headers (cookies, Authorization) or bodies
 * (passwords). ADR 016 says why this costs the request path so little.
 */
export function requestLog({ log, metrics, lifecycle }: Pick<AppDeps, "log" | "metrics" | "lifecycle">) {
  // The level is fixed for the process: decide once whether request lines are written at all.
  const writeLines = log.isLevelEnabled("info");
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set("requestId", requestId);
    await next();
    const seconds = (performance.now() - started) / 1000;
    const { method } = c.req;
    const { status } = c.res;
    const route = routePattern(c);
    c.res.headers.set("X-Request-Id", requestId);
    // Draining: this connection's next request should go to a process that stays.
    if (lifecycle.draining) c.res.headers.set("Connection", "close");
    metrics.request(method, route, status, seconds);
    if (writeLines) {
      const userId = (c.get("actor") as Actor | undefined)?.userId;
      const durationMs = Math.round(seconds * 1e5) / 100;
      log.info(
        userId ? { event: "http.request", requestId, method, route, status, durationMs, userId } : { event: "http.request", requestId, method, route, status, durationMs },
        `${method} ${route} ${status}`,
      );
    }
  });
}

/**
 * The registered path of the route that answered (`/api/tickets/:id`), never the requested one.
 * When a middleware answered instead (401 from requireSession, 403, 413, 415, 429), the route it
 * stood in front of: the first later match with a method of its own, other than the web app's
 * `*` fallback. When none matched (an unknown API path), the middleware's own pattern (`/api/*`).
 */
export function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  const index = c.req.routeIndex;
  const responder = routes[index];
  if (!responder) return "";
  if (responder.method !== "ALL") return responder.path;
  for (let i = index + 1; i < routes.length; i++) {
    const route = routes[i]!;
    if (route.method !== "ALL" && route.path !== "*") return route.path;
  }
  return responder.path;
}
