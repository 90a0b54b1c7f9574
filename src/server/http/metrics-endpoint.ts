import { createHash, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { Context } from "hono";
import type { Logger } from "../observability/logger";
import type { Metrics } from "../observability/metrics";
import type { AppDeps } from "./context";
import { Problem } from "./problem";

/**
 * GET /metrics on the main port. Without METRICS_TOKEN it answers like any unknown path (404),
 * so it does not even say that it exists; with it, only `Authorization: Bearer <token>` gets the
 * metrics and anything else a 401. No session grants it, an admin's included: a scraper is not a user.
 */
export function metricsHandler({ env, metrics }: Pick<AppDeps, "env" | "metrics">) {
  const token = env.METRICS_TOKEN;
  return async (c: Context) => {
    // Like every API answer: no cache keeps the counts, nor a refusal.
    c.header("Cache-Control", "no-store");
    if (!token) return c.text("Not found", 404);
    if (!bearerMatches(c.req.header("authorization"), token)) {
      throw new Problem(401, "Unauthorized", "Send the metrics token as Authorization: Bearer <token>").withHeaders({ "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    const { contentType, body } = await metrics.render();
    return c.body(body, 200, { "Content-Type": contentType });
  };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares digests of equal length, so the time taken says nothing about the token or its length. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(token)) && match !== null;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: /metrics without a token on 127.0.0.1 only, for a scraper on the same machine.
 * Nothing else is served there. Bound to loopback whatever HOST says: to publish it, put it
 * behind something that authenticates, or use METRICS_TOKEN on the main port instead.
 */
export async function startMetricsServer(metrics: Metrics, port: number, log: Logger): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if ((request.method !== "GET" && request.method !== "HEAD") || path !== "/metrics") {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => response.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(request.method === "HEAD" ? undefined : body),
      (error: unknown) => {
        log.error({ event: "metrics.failed", err: error }, "metrics could not be collected");
        response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Metrics could not be collected");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  log.info({ event: "metrics.listening", port: bound }, `metrics on http://127.0.0.1:${bound}/metrics`);
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
