import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import type { Context } from "hono";
import { fileMessages, UPLOAD_FIELD } from "@/shared/rules/file";
import { fileProblem } from "./file-name";

/** The one file of an upload request, as its part's headers describe it; `stream` is its bytes. */
export interface UploadedPart {
  filename: string;
  mimeType: string;
  stream: Readable;
}

export interface MultipartUpload {
  /** The file part, once its headers have arrived; undefined when the body ended without one. */
  file: Promise<UploadedPart | undefined>;
  /** Resolves once the whole body is read and held exactly one file; rejects with a Problem otherwise. */
  done: Promise<void>;
  /** Stops reading the body (after a refusal): the server drains or closes the rest. */
  stop(): void;
}

export const uploadMessages = {
  notMultipart: `Send the file as multipart/form-data in the field "${UPLOAD_FIELD}"`,
  moreThanOne: "Send one file at a time",
  interrupted: "The upload ended before the whole file arrived",
} as const;

/**
 * The request body as a Node stream: the socket's own IncomingMessage when the app runs on
 * @hono/node-server (no copy into web streams), else the WHATWG body (app.request() in tests).
 */
function bodyOf(c: Context): Readable {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !incoming.readableDidRead) return incoming;
  return c.req.raw.body ? Readable.fromWeb(c.req.raw.body as NodeWebStream<Uint8Array>) : Readable.from([]);
}

/**
 * Parses a multipart upload as it streams in (busboy): exactly one file, in the field
 * UPLOAD_FIELD. The file's bytes are handed over as a stream, with backpressure, so at most a
 * few of its pieces are ever in memory. Busboy truncates the file past `maxFileBytes` + 1 byte:
 * the consumer sees more than `maxFileBytes` and refuses it (413) before the rest is read.
 * Other fields are read and ignored; a second file is refused (400).
 */
export function readMultipart(c: Context, maxFileBytes: number): MultipartUpload {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": c.req.header("content-type") ?? "" },
      // Browsers send the name as UTF-8 bytes in `filename`; busboy would read them as Latin-1.
      defParamCharset: "utf8",
      limits: { files: 1, fileSize: maxFileBytes + 1, fields: 20, fieldSize: 64 * 1024, parts: 30, headerPairs: 20 },
    });
  } catch {
    // Not multipart, or no boundary: nothing to read.
    const refused = Promise.reject(fileProblem(uploadMessages.notMultipart));
    return { file: refused, done: refused, stop() {} };
  }

  const source = bodyOf(c);
  let resolveFile!: (part: UploadedPart | undefined) => void;
  const file = new Promise<UploadedPart | undefined>((resolve) => (resolveFile = resolve));
  let seen = false;
  const done = new Promise<void>((resolve, reject) => {
    parser.on("file", (field, stream, info) => {
      if (field !== UPLOAD_FIELD || seen) {
        stream.resume();
        return;
      }
      seen = true;
      resolveFile({ filename: info.filename ?? "", mimeType: info.mimeType, stream });
    });
    parser.on("filesLimit", () => reject(fileProblem(uploadMessages.moreThanOne)));
    parser.on("partsLimit", () => reject(fileProblem(uploadMessages.notMultipart)));
    parser.on("fieldsLimit", () => reject(fileProblem(uploadMessages.notMultipart)));
    parser.on("error", () => reject(fileProblem(uploadMessages.notMultipart)));
    parser.on("close", () => {
      resolveFile(undefined);
      if (seen) resolve();
      else reject(fileProblem(fileMessages.missing));
    });
  });
  // The client went away mid-body: busboy then fails the file stream, so the store's put rejects
  // and the upload is cleaned away instead of waiting for bytes that never come.
  const gone = () => parser.destroy(fileProblem(uploadMessages.interrupted));
  source.on("error", gone);
  source.on("close", () => {
    if (!source.readableEnded) gone();
  });
  // Whoever stops early does not wait for `done`; its later refusal is nobody's error.
  done.catch(() => {});
  // A body that fails before its file part: the caller, waiting for the file, reads `done`'s refusal.
  done.catch(() => resolveFile(undefined));
  source.pipe(parser);
  return {
    file,
    done,
    stop() {
      source.unpipe(parser);
      source.pause();
    },
  };
}
