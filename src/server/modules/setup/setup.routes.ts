import { setupOwnerInputSchema, setupOwnerSchema, setupStatusSchema } from "@/shared/schemas/setup";
import { setupMessages } from "@/shared/rules/setup";
import { CLIENT_IP_HEADER } from "../../auth";
import { createRouter, type AppDeps } from "../../http/context";
import { jsonBody, jsonContent, problem, problemResponses, publicRoutes, writeRefusals } from "../../http/openapi";
import { notFound } from "../../http/problem";
import { clientIp } from "../../http/security";
import { checkSetupCode, createOwner, createSetupGate, limitSetupGuesses, type SetupGate } from "./setup-owner";

const closed = problem("Setup is done (an admin exists) or ADMIN_EMAIL/ADMIN_PASSWORD configure the first admin: there is no setup");

const route = publicRoutes("Setup");

const statusRoute = route.get("/setup", "getSetup", "Public, first run only: whether /setup is open (200) and the brand name in use; 404 once an admin exists", {
  responses: { 200: jsonContent(setupStatusSchema, "Setup is open"), 404: closed },
});

const ownerRoute = route.post("/setup/owner", "createSetupOwner", "Public, first run only: create the owner (the first admin) with the setup code the server printed to its log, and sign them in", {
  description:
    "The code is the one start-up prints while no admin exists; wrong codes are limited per client address. The answer's Set-Cookie holds the owner's " +
    "session; the token never appears in the body. Of two requests at once only one makes an admin; the other gets 404 and leaves nothing behind.",
  request: { body: jsonBody(setupOwnerInputSchema) },
  responses: {
    201: jsonContent(setupOwnerSchema, "The owner, signed in by the session cookie"),
    400: problemResponses[400],
    ...writeRefusals,
    403: problem("Not the setup code (`errors` names `code`), or the request came from another site"),
    404: closed,
    409: problem("An account with this email address exists already"),
    429: problemResponses[429],
  },
});

/** The first run in the browser (ADR 021): public routes, open only while no admin exists. */
export function setupRoutes(deps: Pick<AppDeps, "db" | "env" | "auth" | "brand">, gate: SetupGate = createSetupGate(deps.db, deps.env)) {
  const { db, env } = deps;
  const open = async () => {
    if (!(await gate.isOpen())) throw notFound(setupMessages.closed);
  };
  return createRouter()
    .openapi(statusRoute, async (c) => {
      await open();
      return c.json({ brandName: deps.brand.name() }, 200);
    })
    .openapi(ownerRoute, async (c) => {
      await open();
      const ip = clientIp(c, env.TRUSTED_PROXIES);
      await limitSetupGuesses(db, ip);
      const { code, ...owner } = c.req.valid("json");
      checkSetupCode(env, code);
      const headers = new Headers(c.req.raw.headers);
      headers.set(CLIENT_IP_HEADER, ip);
      headers.delete("content-length");
      const made = await createOwner(deps, owner, headers);
      gate.close();
      const answer = c.json(made.owner, 201);
      // The session cookie as Better Auth sets it; its body (with the token) is not passed on.
      for (const cookie of made.signedIn.headers.getSetCookie()) answer.headers.append("set-cookie", cookie);
      return answer;
    });
}
