import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createUser } from "./accounts";
import { startServer, type RunningServer } from "./server";
import { nextClientIp, openTestDatabase } from "./test/harness";
import { captureLog } from "./test/log-capture";
import { beforeAllTests } from "./test/per-file";
import { envOnFreePort } from "./test/server-process";
import { connectedStream } from "./test/realtime/test-streams";
import { TestClient } from "./test/test-client";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A plain node:http GET, on a connection of its own unless an agent is given, so `Connection` is seen as the server sent it. */
function get(port: number, path: string, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject).end();
  });
}

/** Resolves true when a TCP connection to the port is refused, false when one is accepted. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

const log = captureLog();
const email = "drain@example.test";
const password = "correct-horse-1";

const started = beforeAllTests(async () => {
  const env = await envOnFreePort({
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    TRUSTED_PROXIES: "127.0.0.1",
    LOG_LEVEL: "info",
    METRICS_PORT: "0",
    SHUTDOWN_DELAY_MS: "0",
  });
  const server: RunningServer = await startServer(env, { database: await openTestDatabase(), logTo: log.destination });
  await createUser(server.deps.auth, { email, password, name: "Drain Test" });
  return { server, baseUrl: env.BASE_URL };
});
// stop() runs once: after the draining test this only waits for it.
afterAll(() => started.server.stop());

describe("the server process", () => {
  it("logs that it listens, and serves /metrics without a token on METRICS_PORT at 127.0.0.1, nothing else there", async () => {
    const { server } = started;
    expect(await log.waitFor((line) => line.event === "server.listening")).toMatchObject({ level: "info", port: server.port, metrics: "port" });
    const metricsPort = server.metricsPort!;
    expect(metricsPort).toBeGreaterThan(0);
    expect(metricsPort).not.toBe(server.port);

    const metrics = await get(metricsPort, "/metrics");
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain("# TYPE portico_http_requests_total counter");
    expect((await get(metricsPort, "/api/health")).status).toBe(404);
    // Without METRICS_TOKEN the main port keeps /metrics to itself.
    expect((await get(server.port, "/metrics")).status).toBe(404);
  });

  it("while draining answers 503 on /api/ready and ends event streams; once stopping takes no new connections but finishes a request in flight and answers one sent on an idle kept-alive connection as it begins", async () => {
    const { server, baseUrl } = started;
    const client = new TestClient(baseUrl, nextClientIp());
    await client.signIn(email, password);
    const stream = await connectedStream(client);
    // One connection kept alive from before the drain, idle when stop() begins.
    const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(server.port, "/api/ready", keptAlive)).status).toBe(200);

    // A sign-in whose body is only half sent: its handler waits for the rest, for as long as we like.
    const body = JSON.stringify({ email, password });
    let answered: (answer: Answer) => void;
    const answer = new Promise<Answer>((resolve) => (answered = resolve));
    const slow = httpRequest(
      {
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: "/api/auth/sign-in/email",
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: baseUrl },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        res.on("end", () => answered({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    slow.write(body.slice(0, 10));
    await expect.poll(() => server.inFlight(), { timeout: 10_000 }).toBe(1);

    // What index.ts's SIGTERM handler calls first (stop() begins with it).
    server.drain();
    const ready = await get(server.port, "/api/ready");
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: "draining" });
    expect(ready.headers.connection).toBe("close");
    expect((await get(server.port, "/api/health")).status).toBe(200);
    await stream.ended;
    expect(stream.isEnded).toBe(true);
    expect(await log.waitFor((line) => line.event === "server.draining")).toMatchObject({ inFlight: 1 });

    let stopped = false;
    const stopping = server.stop().then(() => {
      stopped = true;
    });
    // Sent on the idle kept-alive connection in the same turn as stop(): the server reads it only
    // after stop() has begun closing, and answers it rather than resetting the connection.
    const late = await get(server.port, "/api/health", keptAlive);
    expect(late.status).toBe(200);
    expect(late.headers.connection).toBe("close");
    await expect.poll(() => refused(server.port), { timeout: 10_000 }).toBe(true);
    // The half-sent request holds the shutdown: its handler cannot have finished.
    expect(stopped).toBe(false);
    expect(server.inFlight()).toBe(1);

    slow.end(body.slice(10));
    const finished = await answer;
    expect(finished.status).toBe(200);
    expect(finished.headers.connection).toBe("close");
    expect(JSON.parse(finished.body)).toMatchObject({ user: { email } });

    await stopping;
    const events = log.lines().map((line) => line.event);
    expect(events.indexOf("server.draining")).toBeLessThan(events.indexOf("server.closing"));
    expect(events.indexOf("server.closing")).toBeLessThan(events.indexOf("server.stopped"));
    const signIn = log.lines().find((line) => line.event === "http.request" && line.route === "/api/auth/*" && line.method === "POST" && line.requestId === finished.headers["x-request-id"]);
    expect(signIn).toMatchObject({ status: 200 });
  });
});
