import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { signupModes } from "../shared/enums";
import { AUDIT_RETENTION_DEFAULT_DAYS, AUDIT_RETENTION_MIN_DAYS } from "../shared/rules/audit";
import { isIssuerUrl } from "../shared/rules/single-sign-on";
import { fileStores } from "./db/schema/files";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL").optional(),
  ),
  DATA_DIR: z.string().default("./data"),
  BRAND_NAME: z.string().trim().min(1).default("Portico"),
  BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  TRUSTED_PROXIES: optionalText.transform((value) =>
    value ? value.split(",").map((ip) => ip.trim()).filter(Boolean) : [],
  ),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, "must be at least 6 characters").optional()),
  ADMIN_NAME: optionalText,
  /**
   * The least severe log line written: `info` (default) writes one line per request and the
   * start-up, shutdown, migration and mail events; `warn` and `error` leave out the request lines on
   * a server where another layer (the proxy) already logs requests; `debug`/`trace` add nothing
   * today but cost nothing to accept; `silent` writes nothing (tests that read no log).
   */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Serves /metrics on the main port to callers sending `Authorization: Bearer <token>`. Unset (and
   * no METRICS_PORT): /metrics answers 404, since route names, traffic and queue depths are
   * nobody's business outside the operator's scraper. 16+ characters, so it cannot be guessed.
   */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /**
   * Serves /metrics without a token on this port, bound to 127.0.0.1 only, for a scraper on the
   * same machine (or a sidecar); the main port's /metrics then still needs METRICS_TOKEN. 0 picks
   * a free port (tests).
   */
  METRICS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  /**
   * After SIGTERM, how long the process keeps serving while /api/ready answers 503, before it stops
   * accepting connections. A load balancer that probes readiness needs this long to stop sending
   * (its interval × failure threshold); nginx's passive checks need none, so the default is 0.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** How long a resolved session may be reused without a query (ADR 010); 0 turns the cache off. */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(15_000),
  /**
   * Messages, tickets and comments one customer may post a minute (all processes together); 0 = no
   * limit. A person types far fewer; a script in a loop would make every open screen refetch.
   */
  WRITE_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(60),
  /**
   * Requests one API token may make a minute (ADR 030), counted on the token itself, whatever
   * address it comes from; written on each token when it is made. A script paging through every
   * ticket stays well within it; a loop gone wrong is stopped before it loads the server.
   */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(600),
  /**
   * The work factor of new password hashes (see password.ts). Leave it unset in every real
   * deployment; the test harness sets the weak one, and only NODE_ENV=test accepts it.
   */
  PASSWORD_HASH_COST: optionalText.pipe(z.enum(["owasp", "test-only-weak"]).optional()).transform((value) => value ?? "owasp"),
  /**
   * Where mail goes (D13): `smtp://user:pass@host:587` (STARTTLS when the server offers it) or
   * `smtps://…:465`. Unset on a laptop: mail then stays in the outbox, readable at /admin/outbox
   * and printed to the log, so a reset link can be followed without any mail server.
   */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
  /** The sender of every mail: `address` or `Name <address>`; unset = the brand at no-reply@ BASE_URL's host. */
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .refine((value) => mailboxAddress(value) !== undefined, "must be an address or Name <address>")
      .optional(),
  ),
  /**
   * Who may sign up (ADR 015): `open`, the spec's behaviour (anyone signs up and creates a
   * company), or `invite`: only through an invitation link, which is how a real provider onboards
   * its clients without strangers creating companies in its portal.
   */
  SIGNUP_MODE: z.enum(signupModes).default("open"),
  /**
   * `true`: an admin account without two-factor sign-in is refused (403, code
   * `two_factor_required`) by every API route but the ones it needs to turn it on (its account,
   * /api/me, /api/auth), and the web app sends it to its account page. An admin reads and changes
   * every company's records, so a guessed or reused password alone should not be enough. Off by
   * default so that an existing installation's admins are not locked out by an upgrade: turn it
   * on once they have enrolled (ADR 019).
   */
  REQUIRE_ADMIN_2FA: optionalText
    .pipe(z.enum(["true", "false"], { error: "must be true or false" }).optional())
    .transform((value) => value === "true"),
  /**
   * `true`: a staff member opening a company's ticket, project, invoice, file or conversation for
   * the first time in a day gives a reason (the `Access-Reason` header; without it the read
   * answers 428, `code` `access_reason_required`), which the company reads in its access log
   * (ADR 050). Off by default.
   */
  REQUIRE_ACCESS_REASON: optionalText
    .pipe(z.enum(["true", "false"], { error: "must be true or false" }).optional())
    .transform((value) => value === "true"),
  /**
   * Where uploaded files' bytes go (ADR 022): `database` (default), in chunks in the same database
   * as everything else, so the embedded mode and several processes on one PostgreSQL need nothing
   * more and one backup holds it all; `s3`, an S3-compatible bucket (the S3_* settings below), for
   * installations whose files would make the database too large to back up comfortably.
   */
  FILE_STORE: z.enum(fileStores).default("database"),
  /**
   * The largest file one upload may carry, in MB (MiB). Larger ones are refused with 413, by their
   * Content-Length before anything is read, or as soon as the bytes pass the limit: nothing is kept.
   */
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(1024).default(25),
  /** FILE_STORE=s3: the endpoint of an S3-compatible service (MinIO, R2...); unset = AWS's for S3_REGION. */
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional()),
  S3_REGION: optionalText.transform((value) => value ?? "us-east-1"),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** `true` for services that address buckets by path (`endpoint/bucket/key`), as MinIO does by default. */
  S3_FORCE_PATH_STYLE: optionalText
    .pipe(z.enum(["true", "false"], { error: "must be true or false" }).optional())
    .transform((value) => value === "true"),
  /**
   * The currency of every invoice (ISO 4217, e.g. EUR): one per installation, so amounts are never
   * added across currencies. Only the code travels; each user's browser formats it in their locale.
   */
  CURRENCY: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, "must be a 3-letter ISO 4217 code in capitals, e.g. USD")
    .default("USD"),
  /**
   * The hourly rate of tracked time on a project that has none of its own (ADR 047), a decimal
   * such as 95 or 95.50 in CURRENCY. Unset: an entry on such a project must name its rate.
   */
  DEFAULT_HOURLY_RATE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, "must be an amount such as 95 or 95.50")
      .optional(),
  ),
  /**
   * The IANA zone of the business (e.g. Europe/Berlin): an invoice is overdue from the day after its
   * due date on this zone's calendar, not the server's or UTC's. Checked with Intl at start-up, so a
   * typo stops the server instead of failing every invoice query.
   */
  TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, "must be an IANA time zone name, e.g. Europe/Berlin")
    .default("UTC"),
  /**
   * Online payment of invoices (ADR 043): `stripe` (Stripe Checkout, with STRIPE_SECRET_KEY and
   * STRIPE_WEBHOOK_SECRET). Unset: no online payment; admins still record bank transfers and cash,
   * and the customer's invoice shows no Pay button.
   */
  PAYMENTS: optionalText.pipe(z.enum(["stripe"], { error: "must be stripe, or unset for no online payment" }).optional()),
  /** PAYMENTS=stripe: the secret API key (sk_live_… or sk_test_…). */
  STRIPE_SECRET_KEY: optionalText,
  /** PAYMENTS=stripe: the signing secret of the webhook endpoint (whsec_…) that sends to /api/payments/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /**
   * Where the Stripe SDK sends its requests; unset = Stripe's own API. Only for a local server that
   * speaks Stripe's protocol (the test suite's fake Stripe, stripe-mock): never set in production.
   */
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional()),
  /**
   * Days an audit entry is kept (ADR 027); a daily job removes older ones and records that it did.
   * At least 30, so a slip of the keyboard cannot erase the log.
   */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(AUDIT_RETENTION_MIN_DAYS).max(36_500).default(AUDIT_RETENTION_DEFAULT_DAYS),
  /**
   * How long a notification waits before it is mailed "at once" (ADR 029). Whatever else happens
   * on the same record meanwhile (a status change, then a comment, then another) goes out in the
   * same mail, so several quick events make one mail instead of a burst. 0 mails at the next look.
   */
  NOTIFICATION_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(120),
  /** The hour of the day (0–23, on TIME_ZONE's clock) from which each day's notification digest goes out. */
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /**
   * `true` lets webhook endpoints (ADR 031) be on loopback, private, link-local (cloud metadata
   * included) and other internal addresses. Off by default because the server sends the requests:
   * an admin's URL, or a public name that resolves to 10.0.0.5 or 169.254.169.254, would otherwise
   * make the portal reach into the network it runs in (server-side request forgery). Turn it on
   * for tests and for installations whose receivers are on the internal network.
   */
  WEBHOOK_ALLOW_PRIVATE: optionalText
    .pipe(z.enum(["true", "false"], { error: "must be true or false" }).optional())
    .transform((value) => value === "true"),
  /**
   * Mail in (ADR 044): the domain whose addresses Portico receives at, e.g. `portal.example.com`.
   * Set, notification mails about a ticket, project or conversation carry a signed
   * `Reply-To: reply+<token>@INBOUND_DOMAIN`, and a reply becomes a comment or message; mail to
   * INBOUND_SUPPORT_LOCAL_PART@INBOUND_DOMAIN from a customer's address opens a ticket. Unset: no mail in.
   */
  INBOUND_DOMAIN: optionalText.pipe(
    z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, "must be a domain name, e.g. portal.example.com")
      .transform((domain) => domain.toLowerCase())
      .optional(),
  ),
  /** The local part of the support address at INBOUND_DOMAIN: mail to it opens a ticket. */
  INBOUND_SUPPORT_LOCAL_PART: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i, "must be the part of an address before the @, e.g. support")
    .transform((local) => local.toLowerCase())
    .default("support"),
  /** The port of the built-in SMTP receiver for an MX that points at Portico; unset: no receiver. */
  INBOUND_SMTP_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  /**
   * The bearer token a mail provider's inbound webhook sends to POST /api/inbound/mail (raw MIME in
   * the body); unset: that route answers 404. At least 32 characters.
   */
  INBOUND_WEBHOOK_TOKEN: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  /**
   * Single sign-on for the team (ADR 051): the issuer URL of the provider's own OpenID Connect
   * identity provider (Google Workspace, Microsoft Entra, Keycloak, Authentik…), e.g.
   * `https://accounts.google.com`; https, or http on loopback only. With OIDC_CLIENT_ID and
   * OIDC_CLIENT_SECRET, admins sign in through it ("Sign in with SSO"); register
   * `BASE_URL/api/sso/callback` there as the redirect URI. Unset: no team sign-on.
   */
  OIDC_ISSUER: optionalText.pipe(z.string().refine(isIssuerUrl, "must be an https:// URL (http:// only on localhost)").optional()),
  /** OIDC_ISSUER: Portico's client id at the identity provider. */
  OIDC_CLIENT_ID: optionalText,
  /** OIDC_ISSUER: Portico's client secret at the identity provider. */
  OIDC_CLIENT_SECRET: optionalText,
  /** Where the built web app is; unset = dist/web of this checkout (see projectRoot). */
  WEB_DIST: optionalText,
});

export type Env = Omit<z.output<typeof envSchema>, "AUTH_SECRET" | "BASE_URL" | "MAIL_FROM"> & {
  AUTH_SECRET: string;
  BASE_URL: string;
  MAIL_FROM: string;
  DATA_DIR: string;
};

export class EnvError extends Error {}

/**
 * Parses configuration once. A bad value throws an EnvError whose message is one line naming the
 * variable, so the entry point can print it and exit.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EnvError(`Invalid configuration: ${issue.path.join(".")} ${issue.message}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
    throw new EnvError("Invalid configuration: AUTH_SECRET is required when NODE_ENV=production");
  }
  if (env.PASSWORD_HASH_COST !== "owasp" && env.NODE_ENV !== "test") {
    throw new EnvError("Invalid configuration: PASSWORD_HASH_COST=test-only-weak is accepted only when NODE_ENV=test");
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    throw new EnvError("Invalid configuration: METRICS_PORT must differ from PORT");
  }
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
    throw new EnvError("Invalid configuration: ADMIN_PASSWORD is required when ADMIN_EMAIL is set");
  }
  if (env.PAYMENTS === "stripe") {
    const missing = (["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const).filter((name) => !env[name]);
    if (missing.length) throw new EnvError(`Invalid configuration: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} required when PAYMENTS=stripe`);
  }
  if ((env.INBOUND_SMTP_PORT !== undefined || env.INBOUND_WEBHOOK_TOKEN) && !env.INBOUND_DOMAIN) {
    throw new EnvError("Invalid configuration: INBOUND_DOMAIN is required when INBOUND_SMTP_PORT or INBOUND_WEBHOOK_TOKEN is set");
  }
  const oidcSettings = (["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const).filter((name) => env[name]);
  if (oidcSettings.length > 0 && oidcSettings.length < 3) {
    const missing = (["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const).filter((name) => !env[name]);
    throw new EnvError(`Invalid configuration: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} required with ${oidcSettings.join(", ")}`);
  }
  if (env.FILE_STORE === "s3") {
    // Without them every upload and download would fail at the first request; say so at start-up.
    const missing = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((name) => !env[name]);
    if (missing.length) throw new EnvError(`Invalid configuration: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} required when FILE_STORE=s3`);
  }
  const baseUrl = env.BASE_URL ?? `http://localhost:${env.PORT}`;
  return {
    ...env,
    DATA_DIR: dataDir,
    BASE_URL: baseUrl,
    MAIL_FROM: env.MAIL_FROM ?? `"${env.BRAND_NAME.replaceAll(/["\\]/g, "")}" <no-reply@${new URL(baseUrl).hostname}>`,
    AUTH_SECRET: env.AUTH_SECRET ?? readOrCreateDevSecret(dataDir),
  };
}

/**
 * A zone name both Intl and PostgreSQL read the same way. Offsets such as "+05:00" are refused:
 * PostgreSQL reads them with the POSIX sign, the opposite of Intl's.
 */
function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The address of a sender or recipient written `address` or `Name <address>`, or undefined when
 * there is none. Only the shape is checked: the mail server has the last word on delivery.
 */
export function mailboxAddress(value: string): string | undefined {
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  return /^[^\s@<>"]+@[^\s@<>"]+$/.test(address.trim()) ? address.trim() : undefined;
}

/** Outside production a secret is generated once and kept, so sessions survive restarts. */
function readOrCreateDevSecret(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * Set by scripts/build-server.ts in the bundle: the project root relative to the bundle's folder
 * (`../..` for dist/server). Undeclared, and so `typeof` "undefined", when running from src/.
 */
declare const __PORTICO_ROOT_FROM_BUNDLE__: string | undefined;

let root: string | undefined;

/**
 * The checkout the server runs from (the folder with package.json, drizzle/ and dist/), whether
 * this code runs from src/ under tsx or from a bundle in dist/server (or a temporary folder).
 */
export function projectRoot(): string {
  if (root) return root;
  const here = dirname(fileURLToPath(import.meta.url));
  if (typeof __PORTICO_ROOT_FROM_BUNDLE__ === "string") return (root = resolve(here, __PORTICO_ROOT_FROM_BUNDLE__));
  for (let dir = here; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return (root = dir);
    if (dirname(dir) === dir) throw new Error(`No package.json above ${here}: cannot find the project root`);
  }
}
