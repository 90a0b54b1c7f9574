import { startLocalOidcProvider } from "@/server/test/oidc/local-oidc-provider";
import { E2E_OIDC } from "./constants";

/**
 * Playwright global set-up: a real OpenID Connect provider on loopback (oidc-provider, DESIGN D29),
 * the e2e server's OIDC_ISSUER (playwright.config.ts). Its login page signs in whoever types a
 * login (the address) and any password, and sends the browser back to the e2e server.
 */
export default async function startOidcServer() {
  const port = Number(process.env.E2E_OIDC_PORT);
  const baseUrl = process.env.E2E_BASE_URL;
  if (!port || !baseUrl) throw new Error("playwright.config.ts sets E2E_OIDC_PORT and E2E_BASE_URL");
  const redirectUri = `${baseUrl}/api/sso/callback`;
  const provider = await startLocalOidcProvider({
    port,
    clients: [
      { ...E2E_OIDC.team, redirectUri },
      { ...E2E_OIDC.company, redirectUri },
    ],
  });
  return () => provider.stop();
}
