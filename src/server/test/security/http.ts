import { connect } from "node:net";
import { nextClientIp } from "../harness";
import type { TestBody } from "../test-client";
import { checkAnswer } from "../contract/answers";

export interface SendOptions<M extends string = string> {
  method?: M;
  /** Cookie header to send; none for an anonymous caller. */
  cookie?: string | undefined;
  /** Sent as JSON (with Content-Type: application/json). */
  json?: unknown;
  /** Sent as is, with whatever Content-Type `headers` name. */
  rawBody?: string;
  /** Sent as multipart/form-data (an upload), with the boundary fetch chooses. */
  form?: FormData;
  headers?: Record<string, string>;
  /** Client address (X-Forwarded-For; 127.0.0.1 is a trusted proxy in tests). Unique per call by default. */
  ip?: string;
  /** For an event stream: how long to read it before hanging up (default: not at all). */
  streamMs?: number;
}

export interface Sent<Body = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /**
   * The parsed body, or undefined when it is not JSON. Typed like TestClient's: the route's
   * declared 2xx answer for a literal or template literal path, `unknown` for any other.
   */
  body: Body;
}

/**
 * One request that never touches a TestClient's cookie jar, so a cell that signs up, signs in or
 * signs out cannot change who an actor is for the next cell. Sends our Origin, like the web app.
 */
export async function send<P extends string, M extends string = "GET">(baseUrl: string, path: P, options: SendOptions<M> = {}): Promise<Sent<TestBody<M, P>>> {
  const headers = new Headers(options.headers);
  if (!headers.has("origin")) headers.set("origin", baseUrl);
  headers.set("x-forwarded-for", options.ip ?? nextClientIp());
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | FormData | undefined = options.form ?? options.rawBody;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const abort = new AbortController();
  const url = new URL(path, baseUrl);
  const response = await fetch(url, {
    method: options.method ?? "GET",
    headers,
    body,
    redirect: "manual",
    signal: abort.signal,
  });
  const stream = response.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
  const text = stream ? await readFor(response, options.streamMs ?? 0, abort) : await response.text();
  // An event stream is read only for a while: its status and type are checked, not what arrived.
  await checkAnswer({ method: options.method ?? "GET", url, status: response.status, headers: response.headers, text: stream ? undefined : text });
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed as TestBody<M, P> };
}

/** Reads an endless stream for `ms`, then hangs up; what arrived meanwhile. */
async function readFor(response: Response, ms: number, abort: AbortController): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const timer = setTimeout(() => abort.abort(), ms); // paces: how long an endless stream is read; no caller concludes from what did not arrive
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // aborted by the timer: the window is over
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return text;
}

/**
 * A request over a bare socket, for bodies the server refuses before reading them (413): it
 * answers and closes while the client still writes, which fetch reports as a network error
 * instead of the answer. Writes that fail after the answer are ignored; the answer is parsed.
 */
export function sendRaw(baseUrl: string, path: string, options: { method: string; headers: Record<string, string>; body: string | Uint8Array }): Promise<Sent> {
  const url = new URL(path, baseUrl);
  const body = Buffer.from(options.body);
  const head = [
    `${options.method} ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    "Connection: close",
    `Content-Length: ${body.length}`,
    ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`),
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {}); // EPIPE/ECONNRESET once the server has answered and hung up
    socket.on("close", () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf("\r\n\r\n");
      if (split < 0) return reject(new Error(`no HTTP answer to ${options.method} ${path}`));
      const [statusLine, ...headerLines] = raw.subarray(0, split).toString("latin1").split("\r\n");
      const headers = new Headers(headerLines.map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()] as [string, string]));
      const payload = raw.subarray(split + 4);
      const text = (headers.get("transfer-encoding") === "chunked" ? unchunk(payload) : payload).toString("utf8");
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const status = Number(statusLine!.split(" ")[1]);
      checkAnswer({ method: options.method, url, status, headers, text }).then(() => resolve({ status, headers, text, body: parsed }), reject);
    });
    socket.write(`${head}\r\n\r\n`);
    socket.write(body);
  });
}

function unchunk(payload: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = payload;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
}
