import { z } from "@hono/zod-openapi";
import { sessionIdOf } from "../../actor";
import { createRouter, type AppDeps } from "../../http/context";
import { sessionRoutes } from "../../http/openapi";
import { streamHub } from "./events.hub";

const route = sessionRoutes("Realtime", { subject: "eventStream" });

const streamEvents = route.get("/", "streamEvents", "Server-Sent Events for the signed-in user", [401], {
  description:
    "`ready` {role, companyId, heartbeatMs} first; then `change` {kind, companyId, id} for each committed change the " +
    "caller may see; `resync` {reason} when events may have been missed (refetch everything); `end` {reason} when the " +
    "session is over (do not reconnect). Comment lines are heartbeats. On every (re)connect, refetch what is on screen.",
  responses: { 200: { content: { "text/event-stream": { schema: z.string() } }, description: "An endless event stream" } },
});

export function eventsRoutes(deps: Pick<AppDeps, "db" | "events" | "log" | "metrics" | "lifecycle">) {
  const hub = streamHub(deps);
  return createRouter().openapi(streamEvents, (c) => {
    const { userId, role, companyId } = c.var.actor;
    const body = hub.open({ userId, sessionId: sessionIdOf(c.var.actor), role, companyId }, c.req.raw.signal);
    return c.body(body, 200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // nginx and similar proxies buffer responses unless told otherwise, which stalls the stream.
      "X-Accel-Buffering": "no",
    });
  });
}
