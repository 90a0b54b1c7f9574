import { createServer, type IncomingHttpHeaders } from "node:http";
import { Webhook } from "standardwebhooks";

/** One request the receiver got, with what it answered. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  /** The status it answered. */
  answered: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The statuses of the next answers to requests for `path` (below `url`), in order; once used up it answers 200. */
  answerNext(path: string, statuses: number[]): void;
  /** Resolves with the first request (already received or to come) that `match` accepts. */
  waitFor(match: (request: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that receives webhooks as a customer's system would. Requests
 * are kept with their raw body and headers, for the tests to verify with the standardwebhooks
 * library (`verifies`), as a receiver must.
 */
export async function startWebhookReceiver({
  port: wanted = 0,
  holdUntilWaiting = 0,
}: {
  /** A fixed port: a receiver that was down comes back where it was. */
  port?: number;
  /**
   * Answers no request until this many wait for an answer at once, then those and every later one
   * at once: more requests than one sender can have in flight prove that another was sending too.
   */
  holdUntilWaiting?: number;
} = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const planned = new Map<string, number[]>();
  const waiters: { match: (request: ReceivedWebhook) => boolean; resolve: (request: ReceivedWebhook) => void }[] = [];
  let held: (() => void)[] | undefined = holdUntilWaiting > 0 ? [] : undefined;
  const whenLetThrough = (answer: () => void) => {
    if (!held) return answer();
    held.push(answer);
    if (held.length < holdUntilWaiting) return;
    const waiting = held;
    held = undefined;
    for (const waitingAnswer of waiting) waitingAnswer();
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => whenLetThrough(() => {
      const body = Buffer.concat(chunks).toString("utf8");
      const answered = planned.get(req.url ?? "")?.shift() ?? 200;
      const header = (name: string) => String((req.headers as IncomingHttpHeaders)[name] ?? "");
      const request: ReceivedWebhook = {
        id: header("webhook-id"),
        timestamp: header("webhook-timestamp"),
        signature: header("webhook-signature"),
        body,
        payload: JSON.parse(body) as ReceivedWebhook["payload"],
        answered,
      };
      received.push(request);
      res.writeHead(answered, { "content-type": "text/plain" }).end(answered === 200 ? "ok" : `receiver says ${answered}`);
      for (const waiter of [...waiters]) {
        if (waiter.match(request)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(request);
        }
      }
    }));
  });
  await new Promise<void>((resolve) => server.listen(wanted, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerNext: (path, statuses) => planned.set(`/hooks/${path}`, [...(planned.get(`/hooks/${path}`) ?? []), ...statuses]),
    waitFor(match, timeoutMs = 10_000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (request: ReceivedWebhook) => (clearTimeout(timer), resolve(request)) };
        const timer = setTimeout(() => { // paces: the deadline of a wait for a request that must come
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error("no matching webhook arrived"));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether the standardwebhooks library accepts the request as signed with `secret`. */
export function verifies(secret: string, request: ReceivedWebhook): boolean {
  try {
    new Webhook(secret).verify(request.body, { "webhook-id": request.id, "webhook-timestamp": request.timestamp, "webhook-signature": request.signature });
    return true;
  } catch {
    return false;
  }
}
