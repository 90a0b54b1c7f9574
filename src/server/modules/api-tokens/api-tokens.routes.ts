import { z } from "@hono/zod-openapi";
import { apiTokenSchema, createApiTokenSchema, createdApiTokenSchema } from "@/shared/schemas/api-token";
import { createRouter } from "../../http/context";
import { bodyWrite, idRemoval, jsonContent, sessionRoutes } from "../../http/openapi";
import { createOwnApiToken, listOwnApiTokens, revokeOwnApiToken } from "./api-tokens.service";

/** Managed with a session only: a token cannot list, make or revoke tokens (an account-level subject: http/token-reach.ts). */
const route = sessionRoutes("API tokens", { subject: "apiToken" });

const listRoute = route.get("/", "listApiTokens", "The caller's own API tokens, newest first (never the tokens themselves)", [401], {
  responses: { 200: jsonContent(z.array(apiTokenSchema), "The caller's API tokens") },
});

const createRoute = route.post("/", "createApiToken", "Make an API token (admins, and company owners for their company); the answer holds the token, shown this once", [400, 401, 403, 409], {
  ...bodyWrite(createApiTokenSchema, 201, createdApiTokenSchema, "The new token, with the token itself"),
});

const revokeRoute = route.delete("/{id}", "revokeApiToken", "Revoke one of the caller's API tokens; it stops working at once", [400, 401, 404], {
  ...idRemoval("Revoked"),
});

export function apiTokenRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listOwnApiTokens(c.var.ctx), 200))
    .openapi(createRoute, async (c) => c.json(await createOwnApiToken(c.var.ctx, c.req.valid("json")), 201))
    .openapi(revokeRoute, async (c) => {
      await revokeOwnApiToken(c.var.ctx, c.req.valid("param"));
      return c.body(null, 204);
    });
}
