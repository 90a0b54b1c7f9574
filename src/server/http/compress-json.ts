import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { createMiddleware } from "hono/factory";

const COMPRESS_FROM_BYTES = 1024;
const gzipAsync = promisify(gzip);

/**
 * Gzip for JSON answers of 1 KiB and more to clients that accept it (lists repeat their keys on
 * every row, so they shrink several times over), on libuv's thread pool rather than the event
 * loop. Hono's compress() cannot tell a small JSON answer from a big one (they carry no
 * Content-Length yet), and would stream the event stream through a buffering compressor; this
 * only ever touches JSON.
 */
export const compressJson = createMiddleware(async (c, next) => {
  await next();
  const type = c.res.headers.get("content-type") ?? "";
  if (!/^application\/(problem\+)?json/.test(type) || c.res.headers.has("content-encoding")) return;
  if (!/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) return;
  const body = Buffer.from(await c.res.arrayBuffer());
  const compressed = body.length >= COMPRESS_FROM_BYTES ? await gzipAsync(body) : undefined;
  // Hono copies the old answer's headers (cookies included) onto the new one; then adjust them.
  c.res = new Response(compressed ?? body, { status: c.res.status, headers: { "content-type": type } });
  c.res.headers.delete("Content-Length");
  c.res.headers.append("Vary", "Accept-Encoding");
  if (compressed) c.res.headers.set("Content-Encoding", "gzip");
});
