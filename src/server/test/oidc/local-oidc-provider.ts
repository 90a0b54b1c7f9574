import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";

/**
 * A real OpenID Connect provider on loopback (DESIGN D29), for the API tests and the e2e global
 * set-up: `oidc-provider`, with its development login page (any login, any password) and consent
 * granted at once. The login names the account: its address is the login itself, verified unless
 * the login starts with "unverified." (accountOf can say otherwise).
 *
 * `tamperIdTokens` re-signs the ID token of the next token responses with the provider's own key
 * after changing its claims: a token whose signature is good and whose one claim is wrong, which is
 * what a relying party's issuer, audience and nonce checks are there to refuse.
 */
export interface LocalOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface LocalOidcAccount {
  email: string;
  emailVerified: boolean;
  name?: string;
}

export type ClaimsTamper = (claims: Record<string, unknown>) => Record<string, unknown>;

export interface LocalOidcProvider {
  issuer: string;
  port: number;
  /** Changes the claims of every ID token issued until it is set back to undefined. */
  tamperIdTokens(tamper: ClaimsTamper | undefined): void;
  stop(): Promise<void>;
}

const defaultAccount = (login: string): LocalOidcAccount => ({
  email: login,
  emailVerified: !login.startsWith("unverified."),
  name: `SSO ${login.split("@")[0]}`,
});

/**
 * `clients` may be a function: it is read at the first request, so a provider can start before
 * the server whose redirect URI its clients name (which needs the provider's issuer to start).
 */
export async function startLocalOidcProvider(options: {
  clients: LocalOidcClient[] | (() => LocalOidcClient[]);
  port?: number;
  accountOf?: (login: string) => LocalOidcAccount;
}): Promise<LocalOidcProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const accountOf = options.accountOf ?? defaultAccount;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = {
    ...(await exportJWK(privateKey)),
    kid: "local-oidc-key",
    alg: "RS256",
    use: "sig",
  };

  const clients = () => (typeof options.clients === "function" ? options.clients() : options.clients);
  let tamper: ClaimsTamper | undefined;
  const makeProvider = () => {
    const provider = new Provider(issuer, {
      clients: clients().map((client) => ({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      })),
      jwks: { keys: [jwk] },
      cookies: { keys: ["local-oidc-provider-cookie-key"] },
      claims: {
        openid: ["sub"],
        email: ["email", "email_verified"],
        profile: ["name"],
      },
      features: { devInteractions: { enabled: true } },
      pkce: { required: () => true },
      // Lifetimes of a test run (seconds); set so the provider does not note its defaults at each first use.
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => {
          const account = accountOf(id);
          return {
            sub: id,
            email: account.email,
            email_verified: account.emailVerified,
            ...(account.name ? { name: account.name } : {}),
          };
        },
      }),
      // Consent is the user's business at a real provider; here every client gets what it asks for.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
        if (grantId) return ctx.oidc.provider.Grant.find(grantId);
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope("openid email profile");
        await grant.save();
        return grant;
      },
    });

    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: unknown } | undefined;
      if (!tamper || ctx.path !== "/token" || typeof body?.id_token !== "string") return;
      const header = decodeProtectedHeader(body.id_token);
      const claims = tamper({ ...decodeJwt(body.id_token) });
      ctx.body = {
        ...body,
        id_token: await new SignJWT(claims).setProtectedHeader({ alg: header.alg!, kid: header.kid }).sign(privateKey),
      };
    });
    return provider.callback();
  };
  let callback: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  handler = (req, res) => (callback ??= makeProvider())(req, res);

  return {
    issuer,
    port,
    tamperIdTokens: (next) => {
      tamper = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
