import { z } from "@hono/zod-openapi";
import { unsubscribeInfoSchema, unsubscribeQuerySchema } from "@/shared/schemas/notification";
import { createRouter, type AppDeps } from "../../http/context";
import { jsonContent, problem, publicRoutes, writeRefusals } from "../../http/openapi";
import { unsubscribe, unsubscribeInfo } from "./unsubscribe";

/**
 * The one route of the API that takes a write from anywhere, without a session or JSON (ADR 029):
 * a mail provider's one-click unsubscribe (RFC 8058) POSTs `List-Unsubscribe=One-Click` as a form,
 * from its own servers. The signed token in the URL is its whole authority, so app.ts exempts this
 * method and path, and only these, from the API's CSRF rule (http/security.ts).
 */
export const ONE_CLICK_UNSUBSCRIBE = { method: "POST", path: "/api/notifications/unsubscribe" } as const;

export const isOneClickUnsubscribe = (method: string, path: string) => method === ONE_CLICK_UNSUBSCRIBE.method && path === ONE_CLICK_UNSUBSCRIBE.path;

const invalidToken = problem("The token is missing, malformed or not signed by this portal (`errors` names `token`); nothing changed");

const route = publicRoutes("Notifications");

const infoRoute = route.get("/notifications/unsubscribe", "getUnsubscribeLink", "Public: which kind of mail an unsubscribe link turns off, and how it reaches its user now; changes nothing", {
  request: { query: unsubscribeQuerySchema },
  responses: { 200: jsonContent(unsubscribeInfoSchema, "The link's kind and its current delivery"), 400: invalidToken },
});

/** RFC 8058's body; any other form field is ignored, and a JSON body (the web app's page) may be empty. */
const oneClickForm = z.object({ "List-Unsubscribe": z.string().max(100).optional().openapi({ example: "One-Click" }) });

const unsubscribeRoute = route.post("/notifications/unsubscribe", "unsubscribe", "Public: turn the link's kind of mail off for its user (RFC 8058 one-click, or the web app's unsubscribe page)", {
  description:
    "Authorised by the signed token alone: no session, and from any origin, since a mail provider sends it from its own servers as " +
    "`application/x-www-form-urlencoded` with the body `List-Unsubscribe=One-Click`. Sending it again answers the same.",
  request: {
    query: unsubscribeQuerySchema,
    body: {
      required: false,
      content: { "application/x-www-form-urlencoded": { schema: oneClickForm }, "application/json": { schema: z.object({}) } },
    },
  },
  responses: {
    200: jsonContent(unsubscribeInfoSchema, "The kind, now off"),
    400: invalidToken,
    413: writeRefusals[413],
    415: problem("The body is neither a form nor JSON"),
  },
});

/** Mounted before the session API, like the invitation preview: a mailed link works signed out. */
export function unsubscribeRoutes({ db, env }: Pick<AppDeps, "db" | "env">) {
  return createRouter()
    .openapi(infoRoute, async (c) => c.json(await unsubscribeInfo(db, env.AUTH_SECRET, c.req.valid("query").token), 200))
    .openapi(unsubscribeRoute, async (c) => c.json(await unsubscribe(db, env.AUTH_SECRET, c.req.valid("query").token), 200));
}
