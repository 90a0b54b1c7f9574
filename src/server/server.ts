import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app";
import { createAuth } from "./auth";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { acquireDataDirLock } from "./db/data-dir-lock";
import { projectRoot, type Env } from "./env";
import type { AppDeps } from "./http/context";
import { createActorCache } from "./http/actor-cache";
import { trackInFlight } from "./http/in-flight";
import { createEventBus } from "./realtime/event-bus";
import { countAdmins, createAdmin } from "./accounts";
import { startMailer, type MailerOptions } from "./mail/mailer";

export interface RunningServer {
  port: number;
  deps: AppDeps;
  /** Stops accepting connections, ends open streams, closes the database. */
  stop(): Promise<void>;
}

/**
 * Everything the API needs, without a listening socket (tests use this directly too). Starts this
 * process's mail worker: stop it (`deps.mail.worker.stop()`) before closing the database.
 */
export async function createDeps(env: Env, database: DatabaseHandle, options: MailerOptions = {}): Promise<AppDeps> {
  const events = await createEventBus(database.db, database.driver);
  const actors = createActorCache(events, { ttlMs: env.SESSION_CACHE_TTL_MS });
  const mail = startMailer(env, database.db, events, options);
  return { db: database.db, auth: createAuth(database.db, env, mail.outbox), env, events, actors, mail };
}

export async function startServer(env: Env, log: (line: string) => void = console.log): Promise<RunningServer> {
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const deps = await createDeps(env, database);
  warnAboutPlainHttp(env, log);
  warnAboutMailOnlyInTheLog(env, log);
  await bootstrapAdmin(deps, log);

  const app = createApp(deps, { webDist: env.WEB_DIST ?? join(projectRoot(), "dist/web") });
  const requests = trackInFlight(app.fetch);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: requests.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  keepIdleConnectionsLongerThanClients(server);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log(`${env.BRAND_NAME} listening on http://localhost:${port} (database: ${database.driver.kind})`);

  return {
    port,
    deps,
    async stop() {
      // Event streams are long-lived; closing the bus ends them so server.close() can finish.
      await deps.events.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeIdleConnections" in server) server.closeIdleConnections();
      });
      // Side by side, within index.ts's 10 s: mail a last request queues stays in the outbox for
      // the next process to send; the worker only finishes the mail in hand.
      await Promise.all([requests.drained(5_000), deps.mail.worker.stop(4_000)]);
      await database.close();
      releaseLock();
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
export function warnAboutPlainHttp(env: Env, log: (line: string) => void): void {
  if (env.NODE_ENV === "production" && !env.BASE_URL.startsWith("https://")) {
    log(`Warning: BASE_URL ${env.BASE_URL} is not https, so session cookies are sent without Secure and no HSTS header is set; serve Portico over https in production.`);
  }
}

/** Without SMTP_URL nobody receives mail: fine on a laptop, worth a line in production. */
export function warnAboutMailOnlyInTheLog(env: Env, log: (line: string) => void): void {
  if (env.NODE_ENV === "production" && !env.SMTP_URL) {
    log("Warning: SMTP_URL is not set, so mail (password resets, address changes) is not sent: it is printed to this log and kept at /admin/outbox.");
  }
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD only ever create that admin. An existing account with the address is
 * never promoted here: nothing verifies the address of a sign-up, so a stranger could have
 * registered it first with a password of their own (docs/security.md, "probed from outside").
 */
export async function bootstrapAdmin({ db, auth, env }: AppDeps, log: (line: string) => void) {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await createAdmin(db, auth, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      name: env.ADMIN_NAME ?? "Administrator",
    });
    if (outcome === "created") log(`Admin ${env.ADMIN_EMAIL} created.`);
    else if (outcome === "already-admin") log(`Admin ${env.ADMIN_EMAIL} already exists; left as it is.`);
    else
      log(
        `Not promoting ${env.ADMIN_EMAIL}: an account with that email already exists and is not an admin (anyone can sign up with any address). ` +
          `If it is yours, promote it on purpose: npm run admin -- promote --email ${env.ADMIN_EMAIL}`,
      );
    return;
  }
  if ((await countAdmins(db)) === 0) {
    log(
      'No admin exists yet. Create one with: npm run admin -- create --email you@example.com --password "..." --name "Your Name"' +
        " (or set ADMIN_EMAIL and ADMIN_PASSWORD and restart).",
    );
  }
}
