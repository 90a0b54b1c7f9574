import type { Auth } from "@/server/auth";

/** What Hono keeps of each registered handler and middleware. */
interface RouterEntry {
  method: string;
  path: string;
}

/**
 * Every `METHOD /path` the composed app registers, read from the app itself (handlers and
 * middleware alike; Hono records both, middleware under method ALL). Nothing is hand-kept here, so
 * a route added to app.ts or any module shows up without anyone remembering to list it.
 */
export function registeredRoutes(app: { routes: readonly RouterEntry[] }): string[] {
  return [...new Set(app.routes.map((route) => `${route.method} ${route.path}`))];
}

/** Registered routes that change state (the CSRF rule and the fuzzing apply to these). */
export const isWriteMethod = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

/**
 * Better Auth's HTTP endpoints, as `METHOD /path` below /api/auth, read from the auth instance:
 * the API's `/api/auth/*` routes hand every one of them to Better Auth, so each is a route of ours.
 * Path parameters are filled with a placeholder.
 */
export function betterAuthEndpoints(auth: Auth): string[] {
  const endpoints: string[] = [];
  for (const endpoint of Object.values(auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)) {
    if (!endpoint?.path) continue; // server-only functions have no HTTP path
    const methods = endpoint.options?.method ?? "GET";
    const path = endpoint.path.replace(/:[^/]+/g, "placeholder");
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      for (const one of method === "*" ? ["GET", "POST"] : [method]) endpoints.push(`${one} ${path}`);
    }
  }
  return [...new Set(endpoints)].sort();
}
