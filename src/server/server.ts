import { Server } from "node:net";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app";
import { createAuth } from "./auth";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { acquireDataDirLock } from "./db/data-dir-lock";
import { EnvError, projectRoot, type Env } from "./env";
import type { AppDeps } from "./http/context";
import { createActorCache } from "./http/actor-cache";
import { trackInFlight } from "./http/in-flight";
import { startMetricsServer, type MetricsServer } from "./http/metrics-endpoint";
import { createLifecycle } from "./lifecycle";
import { createLogger, type DestinationStream, type Logger } from "./observability/logger";
import { createMetrics } from "./observability/metrics";
import { createEventBus } from "./realtime/event-bus";
import { countAdmins, createAdmin } from "./accounts";
import { startMailer, type MailerOptions } from "./mail/mailer";
import { createBrand } from "./modules/settings/brand";
import { refusedPasswordOf } from "./modules/auth/password-policy-hook";
import { setupConfiguredAway } from "./modules/setup/setup-owner";
import { setupCode } from "./modules/setup/setup-code";
import { createFileStore } from "./modules/files/store";
import { startFileSweeper } from "./modules/files/sweep";
import { startAuditPruner } from "./modules/audit/audit-retention";
import { startRateCounterSweeper } from "./ops/rate-counter-sweeper";
import { startIdempotencySweeper } from "./ops/idempotency-sweeper";
import { startNotificationJobs } from "./modules/notifications/notification-jobs";
import { startRecurringInvoiceJob } from "./modules/recurring/recurring-job";
import { serviceContextOf } from "./http/service-context";
import { startWebhookJobs } from "./modules/webhooks/webhook-jobs";
import { startSmtpReceiver, type SmtpReceiver } from "./modules/inbound/smtp-receiver";

/** How long an accepted socket has, once the server stops accepting, to be read before idle ones close. */
const ACCEPTED_SOCKET_GRACE_MS = 250;

export interface RunningServer {
  port: number;
  /** The METRICS_PORT listener's port, when there is one. */
  metricsPort: number | undefined;
  /** The INBOUND_SMTP_PORT receiver's port, when there is one (ADR 044). */
  smtpPort: number | undefined;
  deps: AppDeps;
  /** Handlers still running: shutdown waits for them (tests watch it). */
  inFlight(): number;
  /**
   * Begins draining (lifecycle.ts) without stopping: /api/ready answers 503, event streams end,
   * answers close their connections. `stop()` begins with it.
   */
  drain(): void;
  /**
   * Graceful shutdown: drains, keeps serving for SHUTDOWN_DELAY_MS so a balancer sees the 503,
   * stops accepting connections, lets running requests finish, then closes the database.
   */
  stop(): Promise<void>;
}

export interface DepsOptions extends MailerOptions {
  /** Log lines go here instead of stdout (tests read them back). */
  logTo?: DestinationStream;
  /** An already created logger (the entry point's). */
  log?: Logger;
}

/**
 * Everything the API needs, without a listening socket (tests use this directly too). Starts this
 * process's mail worker: stop it (`deps.mail.worker.stop()`) before closing the database.
 */
export async function createDeps(env: Env, database: DatabaseHandle, options: DepsOptions = {}): Promise<AppDeps> {
  const log = options.log ?? (await createLogger(env, { destination: options.logTo }));
  const events = await createEventBus(database.db, database.driver, { log });
  const actors = createActorCache(events, { ttlMs: env.SESSION_CACHE_TTL_MS });
  const metrics = await createMetrics(env, { db: database.db, driver: database.driver, log });
  const brand = await createBrand(database.db, env, events, log);
  const mail = startMailer(env, database.db, events, log, metrics, options, brand.name);
  const lifecycle = createLifecycle();
  const files = await createFileStore(env, database.db);
  return { db: database.db, auth: createAuth(database.db, env, mail.outbox, log, brand.name), env, events, actors, mail, log, metrics, lifecycle, brand, files };
}

export interface StartServerOptions extends DepsOptions {
  /** An open database instead of the one the configuration names (tests); `stop()` closes it. */
  database?: DatabaseHandle;
}

export async function startServer(env: Env, options: StartServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? (await createLogger(env, { destination: options.logTo }));
  const releaseLock = options.database || env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR);
  const database = options.database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, log }));
  const deps = await createDeps(env, database, { ...options, log });
  warnAboutPlainHttp(env, log);
  warnAboutMailOnlyInTheLog(env, log);
  await bootstrapAdmin(deps, log);

  const app = createApp(deps, { webDist: env.WEB_DIST ?? join(projectRoot(), "dist/web") });
  const requests = trackInFlight(app.fetch);
  // Unfinished uploads and deleted files' bytes (ADR 022); the tests call sweepFiles themselves.
  const fileSweeper = startFileSweeper({ db: database.db, store: deps.files, log });
  // AUDIT_RETENTION_DAYS (ADR 027); the tests call pruneAuditLog themselves.
  const auditPruner = startAuditPruner({ db: database.db, log, retentionDays: env.AUDIT_RETENTION_DAYS });
  const counterSweeper = startRateCounterSweeper({ db: database.db, log });
  // Idempotency-Key answers older than a day (ADR 039).
  const keySweeper = startIdempotencySweeper({ db: database.db, log });
  // Notifications by mail, at once and in the daily digest (ADR 029); the tests call mailDueNotifications and sendDigests themselves.
  const notificationJobs = startNotificationJobs({ db: database.db, outbox: deps.mail.outbox, env, log });
  // Recurring invoices, each period issued once (ADR 048); the tests call issueDueRecurringInvoices themselves.
  const recurringJob = startRecurringInvoiceJob({ db: database.db, contextFor: serviceContextOf(deps), timeZone: env.TIME_ZONE, log });
  // Webhook deliveries, sent and retried (ADR 031); the tests call deliverDueWebhooks themselves.
  const webhookJobs = startWebhookJobs({ db: database.db, env, log, events: deps.events, outbox: deps.mail.outbox });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: requests.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  keepIdleConnectionsLongerThanClients(server);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const metricsServer: MetricsServer | undefined = env.METRICS_PORT === undefined ? undefined : await startMetricsServer(deps.metrics, env.METRICS_PORT, log);
  const smtpReceiver: SmtpReceiver | undefined = env.INBOUND_SMTP_PORT === undefined ? undefined : await startSmtpReceiver(deps, env.INBOUND_SMTP_PORT);
  log.info(
    { event: "server.listening", port, database: database.driver.kind, metrics: metricsServer ? "port" : env.METRICS_TOKEN ? "token" : "off" },
    `${env.BRAND_NAME} listening on http://localhost:${port} (database: ${database.driver.kind})`,
  );

  let drainStarted = 0;
  const drain = () => {
    if (deps.lifecycle.draining) return;
    drainStarted = performance.now();
    log.info({ event: "server.draining", inFlight: requests.active(), delayMs: env.SHUTDOWN_DELAY_MS }, "draining: /api/ready answers 503, event streams end");
    deps.lifecycle.drain();
  };
  let stopping: Promise<void> | undefined;

  return {
    port,
    metricsPort: metricsServer?.port,
    smtpPort: smtpReceiver?.port,
    deps,
    inFlight: () => requests.active(),
    drain,
    stop() {
      stopping ??= (async () => {
        drain();
        // Serving on while the balancer's readiness probe notices the 503 (SHUTDOWN_DELAY_MS).
        const wait = env.SHUTDOWN_DELAY_MS - (performance.now() - drainStarted);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        log.info({ event: "server.closing", inFlight: requests.active() }, "no longer accepting connections; finishing requests in flight");
        // No new mail: a sending server retries what it could not deliver.
        await smtpReceiver?.close();
        // Stop accepting, but leave the open sockets be for a moment: http.Server#close would also
        // reset the idle ones, and a socket accepted just now whose request a busy event loop has
        // not read yet counts as idle. Its bytes are read on the loop's next turn; then it is busy.
        const closed = new Promise<void>((resolve) => Server.prototype.close.call(server, () => resolve()));
        await new Promise((resolve) => setTimeout(resolve, ACCEPTED_SOCKET_GRACE_MS));
        if ("closeIdleConnections" in server) server.closeIdleConnections();
        // Side by side, within index.ts's 10 s: mail a last request queues stays in the outbox for
        // the next process to send; the worker only finishes the mail in hand.
        await Promise.all([requests.drained(5_000), deps.mail.worker.stop(4_000), fileSweeper.stop(), auditPruner.stop(), counterSweeper.stop(), keySweeper.stop(), notificationJobs.stop(), recurringJob.stop(), webhookJobs.stop()]);
        // Every answer while draining said `Connection: close`, so the sockets are going; one
        // still sending a large static file gets a moment, then is cut.
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
        if ("closeAllConnections" in server) server.closeAllConnections();
        await deps.events.close();
        await database.close();
        releaseLock();
        await metricsServer?.close();
        log.info({ event: "server.stopped" }, "stopped");
      })();
      return stopping;
    },
  };
}

/**
 * Node closes an idle keep-alive connection after 5 s. A client (or a load balancer, whose idle
 * timeout is commonly 60 s) that reuses the connection just as the server closes it gets
 * ECONNRESET on a request the server never saw; seen in the e2e suite on a busy machine. Keeping
 * idle connections longer than the clients do leaves the closing to them.
 */
function keepIdleConnectionsLongerThanClients(server: ServerType): void {
  if (!("keepAliveTimeout" in server)) return;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

/** Over plain http, session cookies go without `Secure` and HSTS is not sent: fine on a laptop, not in production. */
export function warnAboutPlainHttp(env: Env, log: Logger): void {
  if (env.NODE_ENV === "production" && !env.BASE_URL.startsWith("https://")) {
    log.warn({ event: "config.plain_http" }, `BASE_URL ${env.BASE_URL} is not https, so session cookies are sent without Secure and no HSTS header is set; serve Portico over https in production.`);
  }
}

/** Without SMTP_URL nobody receives mail: fine on a laptop, worth a line in production. */
export function warnAboutMailOnlyInTheLog(env: Env, log: Logger): void {
  if (env.NODE_ENV === "production" && !env.SMTP_URL) {
    log.warn({ event: "config.mail_to_log" }, "SMTP_URL is not set, so mail (password resets, address changes) is not sent: it is printed to this log and kept at /admin/outbox.");
  }
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD only ever create that admin. An existing account with the address is
 * never promoted here: nothing verifies the address of a sign-up, so a stranger could have
 * registered it first with a password of their own (docs/security.md, "probed from outside").
 */
export async function bootstrapAdmin({ db, auth, env }: AppDeps, log: Logger) {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await createAdmin(db, auth, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      name: env.ADMIN_NAME ?? "Administrator",
    }).catch((error: unknown) => {
      // The password policy holds for this account too: say so in one line and stop, as for any bad setting.
      const refused = refusedPasswordOf(error);
      throw refused ? new EnvError(`Invalid configuration: ADMIN_PASSWORD is refused: ${refused}`) : error;
    });
    if (outcome === "created") log.info({ event: "admin.created" }, `Admin ${env.ADMIN_EMAIL} created.`);
    else if (outcome === "already-admin") log.info({ event: "admin.exists" }, `Admin ${env.ADMIN_EMAIL} already exists; left as it is.`);
    else
      log.warn(
        { event: "admin.not_promoted" },
        `Not promoting ${env.ADMIN_EMAIL}: an account with that email already exists and is not an admin (anyone can sign up with any address). ` +
          `If it is yours, promote it on purpose: npm run admin -- promote --email ${env.ADMIN_EMAIL}`,
      );
    return;
  }
  if ((await countAdmins(db)) > 0) return;
  if (setupConfiguredAway(env)) {
    log.info(
      { event: "admin.none" },
      'No admin exists yet. Create one with: npm run admin -- create --email you@example.com --password "..." --name "Your Name"' +
        " (or set both ADMIN_EMAIL and ADMIN_PASSWORD and restart).",
    );
    return;
  }
  // As Jenkins and Grafana do: whoever reads this log may create the owner in the browser. The
  // code is derived from AUTH_SECRET (ADR 021), so every process prints the same one and nothing
  // is written to the database for it.
  const url = `${env.BASE_URL}/setup`;
  const code = setupCode(env.AUTH_SECRET);
  log.warn(
    { event: "setup.open", url, setupCode: code },
    `No admin exists yet. Open ${url} and enter the setup code ${code} to create the owner account. ` +
      '(Or: npm run admin -- create --email you@example.com --password "..." --name "Your Name", or set ADMIN_EMAIL and ADMIN_PASSWORD and restart.)',
  );
}
