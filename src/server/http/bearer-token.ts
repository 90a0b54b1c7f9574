/** The token of an `Authorization: Bearer …` header, or null when the request carries none (ADR 030). */
export function bearerTokenOf(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "");
  return match ? match[1]! : null;
}

/**
 * Whether a request authenticates with an API token rather than the session cookie: a bearer
 * token on any API route but Better Auth's (/api/auth/*, where only the cookie counts). The
 * session guard then reads the token and never the cookie, so the CSRF defence, which protects
 * the cookie, has nothing to protect: a browser attaches no Authorization header on its own.
 */
export const authenticatesWithToken = (path: string, headers: Headers) => !path.startsWith("/api/auth/") && bearerTokenOf(headers) !== null;
