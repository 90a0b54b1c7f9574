import type * as PromClient from "prom-client";
import type { Counter, Histogram } from "prom-client";
import type { Database, Driver } from "../db/client";
import type { Env } from "../env";
import { outboxCounts } from "../mail/outbox";
import type { Logger } from "./logger";

/**
 * What the server counts for Prometheus (docs/operations.md names every metric). Off unless
 * METRICS_TOKEN or METRICS_PORT is set: then prom-client is never loaded and every call below
 * does nothing, so the request path pays one empty function call.
 */
export interface Metrics {
  readonly enabled: boolean;
  /** One answered request, by route pattern (never the raw path: unbounded label values). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A change event, from its notification reaching this process to its frame queued on every stream that gets it. */
  fanout(seconds: number): void;
  /** A delivery attempt that failed in this process: `retry` when it will be tried again, `failed` when given up on. */
  mailFailure(outcome: "retry" | "failed"): void;
  /** Counts open event streams at each scrape (the stream hub registers its size). */
  countStreams(read: () => number): void;
  /** The Prometheus text exposition. Rejects when metrics are off. */
  render(): Promise<{ contentType: string; body: string }>;
}

export interface MetricSources {
  db: Database;
  driver: Driver;
  log: Logger;
}

const disabled: Metrics = {
  enabled: false,
  request() {},
  fanout() {},
  mailFailure() {},
  countStreams() {},
  render: () => Promise.reject(new Error("metrics are off: set METRICS_TOKEN or METRICS_PORT")),
};

export const metricsEnabled = (env: Pick<Env, "METRICS_TOKEN" | "METRICS_PORT">) => env.METRICS_TOKEN !== undefined || env.METRICS_PORT !== undefined;

/** Seconds; requests of this API take milliseconds, a slow one seconds. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; a fan-out is CPU work of microseconds to milliseconds per thousand streams. */
const FANOUT_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

export async function createMetrics(env: Pick<Env, "METRICS_TOKEN" | "METRICS_PORT">, { db, driver, log }: MetricSources): Promise<Metrics> {
  if (!metricsEnabled(env)) return disabled;
  // Loaded only when metrics are on (its own chunk of the bundle, ADR 007). prom-client is
  // CommonJS: in the bundle its exports sit on `default` only, under tsx on both.
  const imported: Record<string, unknown> = await import("prom-client");
  const client = (imported.default ?? imported) as typeof PromClient;
  // One registry per server (tests run several in one process), not prom-client's global one.
  const registry = new client.Registry();
  const registers = [registry];
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Counter({
    name: "portico_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const durations = new client.Histogram({
    name: "portico_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's headers, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  // prom-client hashes a label set on every call; the bound children of each set are kept instead.
  const children = new Map<string, { count: Counter.Internal; time: Histogram.Internal<"method" | "route" | "status"> }>();

  const fanouts = new client.Histogram({
    name: "portico_event_fanout_seconds",
    help: "Time from a change notification reaching this process to its event queued on every event stream that gets it",
    buckets: FANOUT_BUCKETS,
    registers,
  });

  const streamReaders: (() => number)[] = [];
  new client.Gauge({
    name: "portico_event_streams_open",
    help: "Server-Sent Event streams open in this process",
    registers,
    collect() {
      this.set(streamReaders.reduce((sum, read) => sum + read(), 0));
    },
  });

  const mailFailures = new client.Counter({
    name: "portico_mail_delivery_failures_total",
    help: "Mail delivery attempts that failed in this process: retry = will be tried again, failed = given up on",
    labelNames: ["outcome"] as const,
    registers,
  });

  // Both outbox gauges are read at a scrape: one query serves both.
  let counting: Promise<{ queued: number; failed: number } | undefined> | undefined;
  const counts = () =>
    (counting ??= outboxCounts(db)
      .catch((error: unknown) => {
        log.warn({ event: "metrics.outbox_unreadable", err: error }, "metrics: the mail outbox could not be counted");
        return undefined;
      })
      .finally(() => {
        counting = undefined;
      }));
  new client.Gauge({
    name: "portico_mail_outbox_queued",
    help: "Mail in the outbox waiting to be sent (new, or between retries), across all processes",
    registers,
    async collect() {
      this.set((await counts())?.queued ?? Number.NaN);
    },
  });
  new client.Gauge({
    name: "portico_mail_outbox_failed",
    help: "Mail in the outbox given up on (refused for good, or out of retries), across all processes",
    registers,
    async collect() {
      this.set((await counts())?.failed ?? Number.NaN);
    },
  });

  if (driver.kind === "postgres") {
    // node-postgres exposes its pool's counts; PGlite has no pool (one in-process connection that
    // serialises every query) and does not expose its queue, so these exist on PostgreSQL only.
    const { pool } = driver;
    new client.Gauge({
      name: "portico_db_pool_connections_in_use",
      help: "Database connections of this process's pool running a query or transaction",
      registers,
      collect() {
        this.set(pool.totalCount - pool.idleCount);
      },
    });
    new client.Gauge({
      name: "portico_db_pool_connections_idle",
      help: "Open database connections of this process's pool waiting for work",
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new client.Gauge({
      name: "portico_db_pool_waiting",
      help: "Queries of this process waiting for a free pool connection",
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new client.Gauge({
      name: "portico_db_pool_max",
      help: "Connections this process's pool may open",
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }

  return {
    enabled: true,
    request(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        const labels = { method, route, status: String(status) };
        child = { count: requests.labels(labels), time: durations.labels(labels) };
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
    fanout: (seconds) => fanouts.observe(seconds),
    mailFailure: (outcome) => mailFailures.inc({ outcome }),
    countStreams: (read) => void streamReaders.push(read),
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
