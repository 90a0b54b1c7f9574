import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { Problem } from "./problem";

/** The order `Allow` lists methods in: reads first, as the document lists them. */
const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

interface KnownPath {
  regex: RegExp;
  methods: Set<string>;
}

/** `/tickets/{id}` as a pattern that matches one path segment per parameter. */
const templateRegex = (template: string) =>
  new RegExp(`^${template.split(/(\{[^}]+\})/).map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))).join("")}$`);

/**
 * RFC 9110 §15.5.6: a path the API has, asked with a method it does not have, answers 405 with
 * `Allow` naming the methods it has (HEAD wherever GET is: Hono answers it). The paths and methods
 * are the API's OpenAPI registry's (every route is in it; http.test.ts fails on one that is not),
 * plus `extra` for what is served but not described (the document itself). A path no route has
 * passes on, to stay 404 (or 401 to a stranger). In front of every other check of the API, so that
 * a method the path lacks is not refused as a foreign write (403) or a body not in JSON (415);
 * the methods of each path are public in the document anyway.
 */
export function methodNotAllowed(api: OpenAPIHono, basePath: string, extra: { method: string; path: string }[] = []): MiddlewareHandler {
  let known: KnownPath[] | undefined;
  // Read on the first request, when every route is registered.
  const knownPaths = (): KnownPath[] => {
    const byPath = new Map<string, Set<string>>();
    const routes = api.openAPIRegistry.definitions.flatMap((definition) => (definition.type === "route" ? [definition.route] : []));
    for (const { method, path } of [...routes, ...extra]) {
      const methods = byPath.get(path) ?? new Set<string>();
      methods.add(method.toUpperCase());
      if (method.toUpperCase() === "GET") methods.add("HEAD");
      byPath.set(path, methods);
    }
    return [...byPath].map(([path, methods]) => ({ regex: templateRegex(path), methods }));
  };
  return async (c, next) => {
    known ??= knownPaths();
    const path = c.req.path.startsWith(basePath) ? c.req.path.slice(basePath.length) || "/" : c.req.path;
    const matching = known.filter((entry) => entry.regex.test(path));
    const method = c.req.method.toUpperCase();
    if (matching.length === 0 || matching.some((entry) => entry.methods.has(method))) return next();
    const allowed = METHOD_ORDER.filter((candidate) => matching.some((entry) => entry.methods.has(candidate)));
    const allow = allowed.join(", ");
    throw new Problem(405, "Method Not Allowed", `${method} is not a method of this path; it takes ${allow}`).withHeaders({ Allow: allow });
  };
}
