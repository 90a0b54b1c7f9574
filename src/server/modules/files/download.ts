import { Readable } from "node:stream";
import type { Context } from "hono";
import { Problem } from "@/server/http/problem";
import { contentDisposition } from "./content-disposition";
import type { DownloadableFile } from "./files.service";
import type { ByteRange, FileStore } from "./store/file-store";

/**
 * What every stored file is sent with (ADR 022). The CSP sandboxes the document (no script, no
 * same origin), so even a file a browser would render as HTML could never run in Portico's
 * origin; nosniff stops it from being read as another type; `private, no-store` keeps a
 * company's documents out of shared and browser caches, as every authenticated answer.
 */
export const FILE_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'none'; frame-ancestors 'none'";

/**
 * The one range of a `Range: bytes=…` header: `a-b`, `a-` or the suffix `-n`, clamped to the
 * file. `undefined` when there is no usable header (absent, another unit, several ranges,
 * malformed): the whole file is sent, as RFC 9110 allows; `"unsatisfiable"` when the range lies
 * beyond the file (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return undefined;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/** The headers of any file Portico sends, stored or made for the request (an invoice's draft preview). */
export function downloadHeaders(file: { contentType: string; name: string }): Record<string, string> {
  return {
    "Content-Type": file.contentType.startsWith("text/") ? `${file.contentType}; charset=utf-8` : file.contentType,
    "Content-Disposition": contentDisposition(file.contentType, file.name),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": FILE_CSP,
  };
}

/**
 * The answer for a stored file: 200 with all of it, or 206 with one range of it (416 when the
 * range is beyond it), streamed from the store as the client reads. An `If-Range` that no longer
 * matches (the file was replaced) gets the whole file.
 */
export async function fileResponse(c: Context, store: FileStore, file: DownloadableFile): Promise<Response> {
  const etag = `"${file.sha256}"`;
  const ifRange = c.req.header("if-range");
  const range = ifRange === undefined || ifRange === etag ? parseRange(c.req.header("range"), file.size) : undefined;
  const headers: Record<string, string> = { ...downloadHeaders(file), "Accept-Ranges": "bytes", ETag: etag };
  if (range === "unsatisfiable") {
    throw new Problem(416, "Range Not Satisfiable", `The file has ${file.size} bytes`).withHeaders({ "Content-Range": `bytes */${file.size}`, "Accept-Ranges": "bytes" });
  }
  const body = await store.get(file.id, range);
  const stream = Readable.toWeb(body) as ReadableStream<Uint8Array>;
  if (!range) return c.body(stream, 200, { ...headers, "Content-Length": String(file.size) });
  return c.body(stream, 206, {
    ...headers,
    "Content-Length": String(range.end - range.start + 1),
    "Content-Range": `bytes ${range.start}-${range.end}/${file.size}`,
  });
}
