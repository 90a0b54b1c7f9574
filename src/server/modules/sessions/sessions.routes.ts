import { z } from "@hono/zod-openapi";
import { accountSessionSchema } from "@/shared/schemas/session";
import { createRouter } from "../../http/context";
import { idRemoval, jsonContent, sessionRoutes } from "../../http/openapi";
import { endOtherOwnSessions, endOwnSession, listOwnSessions } from "./sessions.service";

const route = sessionRoutes("Session", { openWithoutTwoFactor: true, subject: "session" });

const listRoute = route.get("/", "listOwnSessions", "The caller's own sessions (devices signed in): the current one, then the most recently renewed, at most 50", [401], {
  responses: { 200: jsonContent(z.array(accountSessionSchema), "The caller's sessions, the current one marked") },
});

const endRoute = route.delete("/{id}", "endOwnSession", "Sign one of the caller's other sessions out; its event streams end at once", [400, 401, 404], {
  ...idRemoval("Signed out"),
});

const endOthersRoute = route.post("/end-others", "endOtherOwnSessions", "Sign out every session of the caller but the current one", [401], {
  responses: { 200: jsonContent(z.object({ ended: z.int().min(0) }), "How many sessions were signed out") },
});

export function sessionsRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listOwnSessions(c.var.ctx), 200))
    .openapi(endRoute, async (c) => {
      await endOwnSession(c.var.ctx, c.req.valid("param"));
      return c.body(null, 204);
    })
    .openapi(endOthersRoute, async (c) => c.json(await endOtherOwnSessions(c.var.ctx), 200));
}
