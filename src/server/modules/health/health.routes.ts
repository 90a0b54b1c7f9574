import { createRoute, z } from "@hono/zod-openapi";
import { pingDatabase } from "../../db/client";
import { createRouter, type AppDeps } from "../../http/context";
import { jsonContent } from "../../http/openapi";

const statusSchema = z.object({ status: z.string() });

const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["Operations"],
  summary: "Liveness: the process answers",
  responses: { 200: jsonContent(statusSchema, "Alive") },
});

const ready = createRoute({
  method: "get",
  path: "/ready",
  tags: ["Operations"],
  summary: "Readiness: the database answers",
  responses: { 200: jsonContent(statusSchema, "Ready"), 503: jsonContent(statusSchema, "Database unreachable") },
});

export function healthRoutes({ db }: Pick<AppDeps, "db">) {
  return createRouter()
    .openapi(health, (c) => c.json({ status: "ok" }, 200))
    .openapi(ready, async (c) => {
      try {
        await pingDatabase(db);
        return c.json({ status: "ready" }, 200);
      } catch {
        return c.json({ status: "database unreachable" }, 503);
      }
    });
}
