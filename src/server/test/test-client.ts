export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

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

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const response = await this.raw(path, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON; keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  /** fetch with this client's cookies, origin and address; records Set-Cookie. */
  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has("origin")) headers.set("origin", this.baseUrl);
    headers.set("x-forwarded-for", this.ip);
    if (this.cookies.size && !headers.has("cookie")) headers.set("cookie", this.cookieHeader);
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: "manual" });
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

  get = <T = any>(path: string) => this.request<T>("GET", path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>("POST", path, body ?? {});
  put = <T = any>(path: string, body?: unknown) => this.request<T>("PUT", path, body ?? {});
  patch = <T = any>(path: string, body?: unknown) => this.request<T>("PATCH", path, body ?? {});
  delete = <T = any>(path: string) => this.request<T>("DELETE", path);

  async signIn(email: string, password: string): Promise<TestResponse> {
    const response = await this.post("/api/auth/sign-in/email", { email, password });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  }

  signOut(): Promise<TestResponse> {
    return this.post("/api/auth/sign-out", {});
  }
}
