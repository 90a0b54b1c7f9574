import { z } from "@hono/zod-openapi";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SSO_SIGN_IN_MINUTES } from "@/shared/rules/single-sign-on";
import {
  companySsoAnswerSchema,
  companySsoInputSchema,
  companySsoSchema,
  ssoCallbackQuerySchema,
  ssoDiscoverInputSchema,
  ssoDiscoverySchema,
  ssoOptionsSchema,
  ssoStartInputSchema,
  ssoStartSchema,
} from "@/shared/schemas/single-sign-on";
import { CLIENT_IP_HEADER } from "../../auth";
import { createRouter, type AppDeps } from "../../http/context";
import { idParams, jsonBody, jsonContent, problem, problemResponses, publicRoutes, sessionRoutes, writeRefusals } from "../../http/openapi";
import { clientIp } from "../../http/security";
import { serviceContextOf } from "../../http/service-context";
import { requireRole } from "../../http/session";
import { systemActor } from "../../actor";
import { getCompanySso, removeCompanySso, saveCompanySso } from "./company-sso.service";
import { discoverSso, teamProvider } from "./sso-providers";
import { finishSso, SSO_STATE_COOKIE, startSso } from "./sso-sign-in";

/* Single sign-on with OpenID Connect (ADR 051). */

const open = publicRoutes("Single sign-on");

const optionsRoute = open.get("/sso/options", "getSsoOptions", "Public: whether the team's identity provider is set up (OIDC_ISSUER), for the sign-in page's \"Sign in with SSO\"", {
  responses: { 200: jsonContent(ssoOptionsSchema, "What the sign-in page may offer") },
});

const discoverRoute = open.post("/sso/discover", "discoverSso", "Public: whether an address's domain signs in through its company's identity provider, may, or must (no account is looked up)", {
  request: { body: jsonBody(ssoDiscoverInputSchema) },
  responses: { 200: jsonContent(ssoDiscoverySchema, "How the address signs in"), 400: problemResponses[400], ...writeRefusals },
});

const startRoute = open.post("/sso/start", "startSso", "Public: start a sign-in at the identity provider of the address's company, else the team's; sets the sign-in's state cookie", {
  request: { body: jsonBody(ssoStartInputSchema) },
  responses: {
    200: { ...jsonContent(ssoStartSchema, "Where to send the browser: the provider's authorization URL"), headers: z.object({ "Set-Cookie": z.string() }) },
    400: problemResponses[400],
    404: problem("No identity provider for this address, and none for the team"),
    429: problemResponses[429],
    502: problem("The identity provider could not be reached, or its discovery document does not match its issuer"),
    ...writeRefusals,
  },
});

const callbackRoute = open.get("/sso/callback", "finishSso", "Public: the identity provider's redirect back; signs in and sends the browser on, or to the sign-in page with `sso_error`", {
  request: { query: ssoCallbackQuerySchema },
  responses: {
    302: {
      description: "Signed in (with the session cookie) and sent to the page asked for, or refused and sent to `/auth?sso_error=<reason>`",
      headers: z.object({ Location: z.string() }),
    },
    400: problemResponses[400],
  },
});

/** What a signed-out visitor needs to sign in with an identity provider. */
export function publicSsoRoutes(deps: AppDeps) {
  const { db, env } = deps;
  // Sign-ins and refusals are audited as the change recorder writes every entry (ADR 040).
  const { record } = serviceContextOf(deps)(systemActor("single sign-on"));
  const secure = env.BASE_URL.startsWith("https://");
  return createRouter()
    .openapi(optionsRoute, (c) => c.json({ team: teamProvider(env) !== null }, 200))
    .openapi(discoverRoute, async (c) => c.json(await discoverSso(db, c.req.valid("json").email), 200))
    .openapi(startRoute, async (c) => {
      const started = await startSso({ ...deps, record }, c.req.valid("json"), clientIp(c, env.TRUSTED_PROXIES));
      // Lax: sent on the provider's top-level redirect back, never on another site's request.
      setCookie(c, SSO_STATE_COOKIE, started.state, { httpOnly: true, secure, sameSite: "Lax", path: "/api/sso", maxAge: SSO_SIGN_IN_MINUTES * 60 });
      return c.json({ url: started.url }, 200);
    })
    .openapi(callbackRoute, async (c) => {
      const headers = new Headers(c.req.raw.headers);
      const ip = clientIp(c, env.TRUSTED_PROXIES);
      headers.set(CLIENT_IP_HEADER, ip);
      // Better Auth's Origin check: the redirect is a top-level navigation from the provider's site.
      headers.set("origin", env.BASE_URL);
      const outcome = await finishSso({ ...deps, record }, { query: c.req.valid("query"), cookieState: getCookie(c, SSO_STATE_COOKIE), headers, ip });
      deleteCookie(c, SSO_STATE_COOKIE, { path: "/api/sso", secure });
      for (const cookie of outcome.setCookies) c.header("set-cookie", cookie, { append: true });
      return c.redirect(outcome.location, 302);
    });
}

const route = sessionRoutes("Single sign-on", { subject: "setting" });
const adminOnly = requireRole("admin");

const getRoute = route.get("/{id}/sso", "getCompanySso", "Admin: a company's identity provider (never its secret), or null", [400, 401, 403, 404], {
  middleware: adminOnly,
  request: { params: idParams },
  responses: { 200: jsonContent(companySsoAnswerSchema, "The company's provider, or null") },
});

const saveRoute = route.put("/{id}/sso", "saveCompanySso", "Admin: set a company's identity provider, the email domains that route to it and \"SSO only\"", [400, 401, 403, 404, 409], {
  middleware: adminOnly,
  request: { params: idParams, body: jsonBody(companySsoInputSchema) },
  responses: { 200: jsonContent(companySsoSchema, "The company's provider") },
});

const removeRoute = route.delete("/{id}/sso", "removeCompanySso", "Admin: remove a company's identity provider; its members sign in with passwords again", [400, 401, 403, 404], {
  middleware: adminOnly,
  request: { params: idParams },
  responses: { 204: { description: "Removed" } },
});

/** The admins' settings of a company's single sign-on, below /api/companies. */
export function companySsoRoutes() {
  return createRouter()
    .openapi(getRoute, async (c) => c.json(await getCompanySso(c.var.ctx, { companyId: c.req.valid("param").id }), 200))
    .openapi(saveRoute, async (c) => c.json(await saveCompanySso(c.var.ctx, { companyId: c.req.valid("param").id, input: c.req.valid("json") }), 200))
    .openapi(removeRoute, async (c) => {
      await removeCompanySso(c.var.ctx, { companyId: c.req.valid("param").id });
      return c.body(null, 204);
    });
}
