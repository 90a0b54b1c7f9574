import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./scripts/build-server";
import { findBrowser } from "./scripts/find-browser";
import { E2E_ADMIN, E2E_INBOUND, E2E_OIDC, E2E_STRIPE } from "./e2e/support/constants";
import { freePort } from "./e2e/support/free-port";

process.env.E2E_PORT ||= String(await freePort());
// The SMTP server the global set-up starts (e2e/support/mail-server.ts) and the folder it writes
// each received mail to, for the workers to read (e2e/support/mailbox.ts).
process.env.E2E_SMTP_PORT ||= String(await freePort());
process.env.E2E_STRIPE_PORT ||= String(await freePort());
// The local OpenID provider the global set-up starts (e2e/support/oidc-server.ts): the server's OIDC_ISSUER.
process.env.E2E_OIDC_PORT ||= String(await freePort());
process.env.E2E_MAIL_DIR ||= mkdtempSync(join(tmpdir(), "portico-e2e-mail-"));
// Each run builds into its own folders, so parallel runs (and a running dev build) never collide.
process.env.E2E_WEB_DIST ||= mkdtempSync(join(tmpdir(), "portico-e2e-web-"));
process.env.E2E_SERVER_DIST ||= mkdtempSync(join(tmpdir(), "portico-e2e-server-"));
const executablePath = await findBrowser();
const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
process.env.E2E_BASE_URL = baseURL;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // CI's machine has two cores for the server, the browsers and the runner: with two workers, pages
  // were starved past the spec's 2 s session check (ADR 014). A laptop keeps two.
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // npm test (scripts/test.ts) also asks for the JSON report, to count and list what ran.
  reporter: process.env.PORTICO_E2E_REPORT ? [["list"], ["json", { outputFile: process.env.PORTICO_E2E_REPORT }]] : [["list"]],
  globalSetup: ["./e2e/support/mail-server.ts", "./e2e/support/stripe-server.ts", "./e2e/support/oidc-server.ts"],
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  use: {
    baseURL,
    // Recording a trace costs every test ~1.4 s here, kept or not (11 tests: 84.9/83.9 s against
    // 68.6/69.5 s with `--trace off`, alternating): CI, whose record is its printed output, goes
    // without; a failure is replayed locally, where traces stay on.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: chromiumArgs,
    },
  },
  // The project's launchOptions replace `use.launchOptions` whole: it repeats them, or Chromium would
  // start without --disable-gpu and rasterize every frame in software on the CPU the tests share.
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: { executablePath, args: chromiumArgs } } }],
  // The real production server: the built SPA and the server bundle (`node …/index.mjs`, what
  // `npm start` runs, ADR 007) on one port, on a fresh embedded database (or on E2E_DATABASE_URL).
  // 127.0.0.1 is a trusted proxy so each test context gets its own client address (and rate-limit
  // bucket) through X-Forwarded-For, as behind a load balancer.
  webServer: {
    // The server hashes passwords at the cost only NODE_ENV=test accepts (ADR 014): at the real cost
    // each sign-up and sign-in of the suite spent about a second of its CPU on two cores. That the
    // real cost is the default, and refused in production, the API suite proves.
    command:
      // With the pseudo-locale's catalogue, which the languages spec walks every screen in (ADR 032).
      `env PORTICO_PSEUDO_LOCALE=1 node_modules/.bin/vite build --logLevel warn --outDir ${process.env.E2E_WEB_DIST}` +
      ` && node_modules/.bin/tsx scripts/build-server.ts --outdir ${process.env.E2E_SERVER_DIST}` +
      // The test hash cost for the server process only: under NODE_ENV=test, `vite build` would
      // bundle React's development build (process.env.NODE_ENV is not "production").
      ` && exec env NODE_ENV=test PASSWORD_HASH_COST=test-only-weak node ${SERVER_NODE_FLAGS.join(" ")} ${process.env.E2E_SERVER_DIST}/index.mjs`,
    url: `${baseURL}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: process.env.E2E_PORT,
      WEB_DIST: process.env.E2E_WEB_DIST,
      HOST: "127.0.0.1",
      BASE_URL: baseURL,
      DATA_DIR: mkdtempSync(join(tmpdir(), "portico-e2e-")),
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_NAME: E2E_ADMIN.name,
      TRUSTED_PROXIES: "127.0.0.1",
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456",
      // The server's output is piped into the run's: warnings and errors, not a line per request.
      LOG_LEVEL: "warn",
      // Metrics on, so the bundle loads prom-client at start (its chunk and CommonJS interop are
      // only exercised here: the API suite runs the sources).
      METRICS_TOKEN: "e2e-metrics-token-0123456789",
      // Mail goes through a real SMTP server; until the global set-up has started it, the outbox
      // holds the mail and retries (no test sends mail before then).
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: "Portico <no-reply@portico.test>",
      // Notification mail after a one-second window instead of two minutes: the notifications
      // journey waits for its mail (the coalescing itself is the API suite's to test).
      NOTIFICATION_MAIL_DELAY_SECONDS: "1",
      // The webhooks journey's receiver listens on 127.0.0.1, which only this lets an endpoint be.
      WEBHOOK_ALLOW_PRIVATE: "true",
      // Online payment against the fake Stripe of support/stripe-server.ts (DESIGN D29).
      PAYMENTS: "stripe",
      STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      STRIPE_API_URL: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
      // Mail in through the provider webhook (ADR 044): the inbound-mail journey posts to it.
      INBOUND_DOMAIN: E2E_INBOUND.domain,
      INBOUND_WEBHOOK_TOKEN: E2E_INBOUND.webhookToken,
      // Single sign-on for the team against the local OpenID provider (ADR 051, DESIGN D29).
      OIDC_ISSUER: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`,
      OIDC_CLIENT_ID: E2E_OIDC.team.clientId,
      OIDC_CLIENT_SECRET: E2E_OIDC.team.clientSecret,
    },
  },
});
