import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ProblemDetails } from "@/shared/schemas/problem";
import type { ApiOutputAt } from "../api-types";
import { checkAnswer, checkResponse } from "./contract/answers";

/**
 * One answer, read two ways. `body` is typed as the route's declared 2xx answer (api-types.ts),
 * so a test reading a field the server no longer sends, or sends as another type, fails `tsc`.
 * `problem` is the same parsed JSON typed as the problem details every API error is sent as
 * (DESIGN D10): a test that checked for a 4xx reads `problem.errors` or `problem.detail`.
 * Neither checks the status; the test's own `expect(response.status)` does.
 */
export interface TestResponse<Body = unknown> {
  status: number;
  headers: Headers;
  body: Body;
  problem: ProblemDetails;
}

/** What GET /api/openapi.json answers: the document @hono/zod-openapi generates from the routes. */
type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

/**
 * The declared 2xx body of `method` at `path` (`/api/…`, with or without a query). Paths are
 * matched as typed: write them as template literals (`/api/tickets/${id}`) so the route is known.
 * A plain `string`, Better Auth's /api/auth/*, the health checks, the event stream and other
 * non-JSON or unknown paths give `unknown`, which the test narrows or parses itself.
 */
export type TestBody<M extends string, P extends string> = P extends "/api/openapi.json"
  ? Lowercase<M> extends "get"
    ? OpenApiDocument
    : unknown
  : P extends `/api${infer Path extends string}`
    ? ApiOutputAt<M, Path>
    : unknown;

/**
 * A minimal browser stand-in: keeps the session cookie, sends our Origin and JSON like the web
 * app does, and a fixed client address.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly ip: string,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request<M extends string, P extends string>(
    method: M,
    path: P,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<TestBody<M, P>>> {
    const url = new URL(path, this.baseUrl);
    const response = await this.fetchAs(url, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    await checkAnswer({ method, url, status: response.status, headers: response.headers, text });
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON; keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as TestBody<M, P>, problem: parsed as ProblemDetails };
  }

  /**
   * fetch with this client's cookies, origin and address; records Set-Cookie. Like every answer
   * of the suite, it is held to the server's OpenAPI document (contract/answers.ts).
   */
  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    const response = await this.fetchAs(url, init);
    await checkResponse(init.method ?? "GET", response, url);
    return response;
  }

  private async fetchAs(url: URL, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has("origin")) headers.set("origin", this.baseUrl);
    headers.set("x-forwarded-for", this.ip);
    if (this.cookies.size && !headers.has("cookie")) headers.set("cookie", this.cookieHeader);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get = <P extends string>(path: P) => this.request("GET", path);
  post = <P extends string>(path: P, body?: unknown) => this.request("POST", path, body ?? {});
  put = <P extends string>(path: P, body?: unknown) => this.request("PUT", path, body ?? {});
  patch = <P extends string>(path: P, body?: unknown) => this.request("PATCH", path, body ?? {});
  delete = <P extends string>(path: P) => this.request("DELETE", path);

  async signIn(email: string, password: string): Promise<TestResponse> {
    const response = await this.post("/api/auth/sign-in/email", { email, password });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  }

  signOut(): Promise<TestResponse> {
    return this.post("/api/auth/sign-out", {});
  }
}

/**
 * An answer's body without the request id of a problem (http/request-log.ts): random per request,
 * it says nothing about the record asked for, so two refusals "answer exactly alike" when all else is.
 */
export function apartFromRequestId<T>(body: T): T {
  if (typeof body !== "object" || body === null || !("requestId" in body)) return body;
  const { requestId: _, ...rest } = body as T & { requestId: unknown };
  return rest as T;
}

/**
 * One field of every row of a list answer, in order (`column("title")(page)`): the one way the list
 * tests say which rows came back, and in what order.
 */
export const column =
  <K extends string>(key: K) =>
  <V>(page: { items: Record<K, V>[] }): V[] =>
    page.items.map((row) => row[key]);
