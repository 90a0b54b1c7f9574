import { OpenAPIHono } from "@hono/zod-openapi";
import type { Actor } from "../actor";
import type { Auth } from "../auth";
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Lifecycle } from "../lifecycle";
import type { Logger } from "../observability/logger";
import type { Metrics } from "../observability/metrics";
import type { Mailer } from "../mail/mailer";
import type { ServiceContext } from "../modules/context";
import type { EventBus } from "../realtime/event-bus";
import type { Brand } from "../modules/settings/brand";
import type { FileStore } from "../modules/files/store/file-store";
import type { ActorCache } from "./actor-cache";
import { validationProblem } from "./problem";

/** What route modules get: created once per server process (or per test). */
export interface AppDeps {
  db: Database;
  auth: Auth;
  env: Env;
  events: EventBus;
  /** Recently resolved sessions (ADR 010). */
  actors: ActorCache;
  /** The outbox and this process's mail worker (ADR 013). */
  mail: Mailer;
  log: Logger;
  /** Counters and gauges behind /metrics; calls do nothing when metrics are off. */
  metrics: Metrics;
  /** Draining after SIGTERM: /api/ready answers 503 (lifecycle.ts). */
  lifecycle: Lifecycle;
  /** The brand name in use: stored in site_settings, else BRAND_NAME (modules/settings/brand.ts). */
  brand: Brand;
  /** Where uploaded files' bytes are (FILE_STORE, ADR 022); their rows are always in `db`. */
  files: FileStore;
}

declare module "hono" {
  interface ContextVariableMap {
    /** Set on every request by http/request-log.ts; sent back as X-Request-Id. */
    requestId: string;
  }
}

export interface AppEnv {
  /** Set by requireSession and provideServiceContext on every route behind a session. */
  Variables: { actor: Actor; ctx: ServiceContext };
}

/** A router whose request validation failures answer 400 problem+json naming the field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error);
    },
  });
}
