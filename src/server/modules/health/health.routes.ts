import { createRoute, z } from "@hono/zod-openapi";
import { pingDatabase } from "../../db/client";
import { createRouter, type AppDeps } from "../../http/context";
import { jsonContent, noSecurity } from "../../http/openapi";

const statusSchema = z.object({ status: z.string() });

const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["Operations"],
  operationId: "getHealth",
  summary: "Liveness: the process answers",
  security: noSecurity,
  responses: { 200: jsonContent(statusSchema, "Alive") },
});

const ready = createRoute({
  method: "get",
  path: "/ready",
  tags: ["Operations"],
  operationId: "getReadiness",
  summary: "Readiness: the database answers and the process is not shutting down",
  security: noSecurity,
  responses: {
    200: jsonContent(statusSchema, "Ready"),
    503: jsonContent(statusSchema, "`draining`: shutting down, send new requests elsewhere; `database unreachable`"),
  },
});

export function healthRoutes({ db, lifecycle }: Pick<AppDeps, "db" | "lifecycle">) {
  return createRouter()
    .openapi(health, (c) => c.json({ status: "ok" }, 200))
    .openapi(ready, async (c) => {
      // Still live (it serves what it is sent until it stops accepting), but no longer ready.
      if (lifecycle.draining) return c.json({ status: "draining" }, 503);
      try {
        await pingDatabase(db);
        return c.json({ status: "ready" }, 200);
      } catch {
        return c.json({ status: "database unreachable" }, 503);
      }
    });
}
