import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";

type DocumentConfig = Parameters<OpenAPIHono["getOpenAPI31Document"]>[0];

const gzipAsync = promisify(gzip);

interface BuiltDocument {
  json: Buffer;
  gzipped: Buffer;
  etag: string;
}

/**
 * `GET /api/openapi.json`, built once: the document describes routes, which never change while the
 * process runs, yet generating it costs ~25 ms of CPU, and the route is public, so rebuilding it per
 * request was a cheap way to load the server (issue 21). Built on the first request, once every
 * route is registered; served as bytes (gzipped ahead, since it is ~0.5 MB) with an ETag, so a
 * program that has it revalidates in one short answer.
 */
export function openApiDocumentHandler(api: OpenAPIHono, config: DocumentConfig) {
  let built: Promise<BuiltDocument> | undefined;
  const build = async (): Promise<BuiltDocument> => {
    const json = Buffer.from(JSON.stringify(api.getOpenAPI31Document(config)));
    const etag = `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
    return { json, gzipped: await gzipAsync(json), etag };
  };
  return async (c: Context) => {
    built ??= build().catch((error: unknown) => {
      built = undefined;
      throw error;
    });
    const { json, gzipped, etag } = await built;
    // Cache-Control stays the API's no-store (security.ts): a program that keeps the document
    // revalidates it with If-None-Match on its own.
    const headers: Record<string, string> = { ETag: etag, Vary: "Accept-Encoding" };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    const zipped = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    if (zipped) headers["Content-Encoding"] = "gzip";
    return c.body(new Uint8Array(zipped ? gzipped : json), 200, { ...headers, "Content-Type": "application/json" });
  };
}
