import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { WEBHOOK_ERROR_MAX, WEBHOOK_RESPONSE_EXCERPT_MAX } from "@/shared/rules/webhooks";
import { guardedLookup, hostOf, InternalAddressError, isInternalAddress } from "./webhook-address";

/** The longest one attempt may take, connecting and answering included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** What one attempt gives the log: the receiver's status and the start of its answer, or why there was none. */
export interface WebhookOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  response: string | null;
  error: string | null;
}

/**
 * POSTs one signed delivery (ADR 031) and reads at most the first 2 KB of the answer. Only a 2xx
 * counts: redirects are not followed (a 3xx could point anywhere, internal addresses included),
 * so they fail like any other answer. Never throws: every failure is an outcome for the log.
 */
export async function sendWebhook({ url, headers, body, allowPrivate, timeoutMs = WEBHOOK_TIMEOUT_MS }: WebhookRequest): Promise<WebhookOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: unknown): WebhookOutcome => ({ ok: false, statusCode: null, durationMs: elapsed(), response: null, error: describe(error) });
  let target: URL;
  try {
    target = new URL(url);
    const host = hostOf(target);
    // http.request connects to a literal address without asking `lookup`.
    if (!allowPrivate && isIP(host) && isInternalAddress(host)) throw new InternalAddressError(host, host);
  } catch (error) {
    return failed(error);
  }
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<WebhookOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: WebhookOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate) as never,
        agent: false,
      },
      (res) => {
        readExcerpt(res).then(
          (response) => {
            const statusCode = res.statusCode ?? 0;
            finish({ ok: statusCode >= 200 && statusCode < 300, statusCode, durationMs: elapsed(), response, error: null });
          },
          (error: unknown) => finish(failed(error)),
        );
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    req.on("error", (error) => finish(failed(error)));
    req.end(body);
  });
}

/** The answer's first bytes as text; the rest is not read (the connection is closed). */
function readExcerpt(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      const bytes = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_EXCERPT_MAX);
      // A character cut at the limit decodes as U+FFFD, never as an error.
      resolve(new TextDecoder("utf-8", { fatal: false }).decode(bytes).replaceAll("\u0000", "").slice(0, WEBHOOK_RESPONSE_EXCERPT_MAX));
    };
    res.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= WEBHOOK_RESPONSE_EXCERPT_MAX) {
        res.destroy();
        done();
      }
    });
    res.on("end", done);
    res.on("error", reject);
  });
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${"code" in error && error.code ? `${String(error.code)}: ` : ""}${error.message}` : String(error);
  return text.slice(0, WEBHOOK_ERROR_MAX);
}
