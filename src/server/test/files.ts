import { createHash, randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import { UPLOAD_FIELD } from "@/shared/rules/file";
import type { StoredFile } from "@/shared/schemas/file";
import type { Database } from "@/server/db/client";
import { fileChunks, fileObjectDeletions, files } from "@/server/db/schema";
import type { TestClient } from "./test-client";

/* Files for upload tests: real formats' first bytes, and ways to send them. */

/** A 1×1 PNG. */
export const pngBytes = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A PDF of `size` bytes: a real header and trailer around random bytes (incompressible, all values). */
export function pdfBytes(size = 2048): Buffer {
  const head = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1");
  const tail = Buffer.from("\n%%EOF\n");
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length - tail.length)), tail]);
}

/** A Windows executable's start (what file-type reads as application/x-msdownload). */
export const exeBytes = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(126), Buffer.from("PE\0\0"), Buffer.alloc(128)]);

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export interface FilePart {
  name: string;
  type: string;
  bytes: Uint8Array | string;
}

/** A FormData with one file in UPLOAD_FIELD (or the given parts), as the web app sends it. */
export function formWith(...parts: FilePart[]): FormData {
  const form = new FormData();
  for (const part of parts) form.append(UPLOAD_FIELD, new Blob([typeof part.bytes === "string" ? part.bytes : new Uint8Array(part.bytes)], { type: part.type }), part.name);
  return form;
}

/**
 * A multipart body written byte by byte, for what FormData will not send: a file name with raw
 * control characters, or a body under our own Content-Length.
 */
export function multipartBody(parts: { field?: string; filename?: string; encodedFilename?: string; type?: string; bytes: Uint8Array | string }[]): { body: Buffer; contentType: string } {
  const boundary = `----portico-test-${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    // `encodedFilename` goes as RFC 5987 `filename*`, which may carry any character, controls included.
    const filename = part.encodedFilename === undefined ? "" : `; filename*=UTF-8''${encodeURIComponent(part.encodedFilename)}`;
    const disposition = `form-data; name="${part.field ?? UPLOAD_FIELD}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}${filename}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`, "utf8"));
    chunks.push(Buffer.from(part.bytes));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadAnswer {
  status: number;
  headers: Headers;
  /** The stored file (a 201's body) or the problem. */
  body: StoredFile & { detail?: string };
}

/** POSTs (or PUTs) a form as the client, held to the OpenAPI document like every answer. */
export async function sendForm(client: TestClient, path: string, body: FormData | { body: Buffer; contentType: string }, method = "POST"): Promise<UploadAnswer> {
  const init: RequestInit =
    body instanceof FormData ? { method, body } : { method, body: new Uint8Array(body.body), headers: { "content-type": body.contentType } };
  const response = await client.raw(path, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** Uploads one file. */
export const upload = (client: TestClient, path: string, file: FilePart, method = "POST") => sendForm(client, path, formWith(file), method);

/** Downloads a file's bytes (or a range of them). */
export async function download(client: TestClient, path: string, headers: Record<string, string> = {}) {
  const response = await client.raw(path, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Rows of every table that holds files: what "stores nothing" compares. */
export async function fileRowCounts(db: Database): Promise<{ files: number; chunks: number; queued: number }> {
  const [[f], [c], [q]] = await Promise.all([
    db.select({ n: count() }).from(files),
    db.select({ n: count() }).from(fileChunks),
    db.select({ n: count() }).from(fileObjectDeletions),
  ]);
  return { files: f!.n, chunks: c!.n, queued: q!.n };
}
