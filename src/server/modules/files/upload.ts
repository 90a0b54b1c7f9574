import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { fileMessages, type AllowedFileType } from "@/shared/rules/file";
import type { StoredFile } from "@/shared/schemas/file";
import { files } from "@/server/db/schema";
import type { AppEnv } from "@/server/http/context";
import { Problem } from "@/server/http/problem";
import { attachFile, insertPendingFile } from "./attach";
import { decideContentType, SNIFF_BYTES, textChecker, unsupportedType } from "./content-type";
import { cleanFileName, fileProblem } from "./file-name";
import { readMultipart } from "./multipart";
import type { FileOwner } from "./owners";
import { discardFile, removeStoredBytes } from "./stored-bytes";

/**
 * Room for the multipart framing around the file (boundaries, part headers, a few small fields)
 * when the Content-Length is judged against MAX_UPLOAD_MB; the file itself is held to the exact
 * limit as it streams.
 */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface UploadOptions {
  /** The one type this owner takes (an invoice's PDF); any allowed type when absent. */
  onlyType?: AllowedFileType;
}

const tooLarge = (maxMb: number) => new Problem(413, "Content Too Large", fileMessages.tooLarge(maxMb)).withHeaders({ Connection: "close" });

/**
 * Receives one upload for `owner` (whom the route has already checked the caller may attach to),
 * following the contract's lifecycle (ADR 022):
 * 1. a Content-Length over the limit is refused before anything is read (413);
 * 2. the file's first bytes decide its type (415 when not allowed or not what it claims), then a
 *    pending `files` row is inserted, attached to nothing and visible to nobody;
 * 3. the bytes stream into the store, counted and hashed on the way, never all in memory; more
 *    than MAX_UPLOAD_MB fails the stream (413);
 * 4. once the whole request is read, one transaction attaches the row (an invoice's earlier PDF
 *    goes in the same transaction, and so does the owner's event, ADR 038);
 * 5. on any failure the pending row and whatever bytes were stored are removed again.
 */
export async function receiveUpload(c: Context<AppEnv>, owner: FileOwner, options: UploadOptions = {}): Promise<StoredFile> {
  const { db, actor, record, store } = c.var.ctx;
  const { maxUploadMb } = c.var.ctx.settings;
  const maxBytes = maxUploadMb * 1024 * 1024;
  const declaredLength = Number(c.req.header("content-length") ?? Number.NaN);
  if (declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxUploadMb);

  const upload = readMultipart(c, maxBytes);
  let pendingId: string | undefined;
  try {
    const part = await upload.file;
    if (!part) {
      await upload.done;
      throw fileProblem(fileMessages.missing);
    }
    const name = cleanFileName(part.filename);
    const { head, rest } = await readHead(part.stream, SNIFF_BYTES);
    if (head.length === 0) throw fileProblem(fileMessages.empty);
    const contentType = await decideContentType(head, { mimeType: part.mimeType, name });
    if (options.onlyType && contentType !== options.onlyType) throw unsupportedType(`Upload a ${options.onlyType === "application/pdf" ? "PDF" : options.onlyType} file`);

    const pending = await insertPendingFile(db, store, { companyId: owner.companyId, name, contentType, uploadedBy: actor.userId });
    pendingId = pending.id;
    const measured = measure(head, rest, { maxBytes, text: contentType.startsWith("text/"), tooLarge: () => tooLarge(maxUploadMb) });
    await store.put(pendingId, measured.pieces);
    // Exactly one file, and the whole request read: only then is the file anybody's.
    await upload.done;

    const stored: StoredFile = {
      id: pendingId,
      name,
      contentType,
      size: measured.size(),
      createdAt: pending.createdAt.toISOString(),
      uploadedBy: { id: actor.userId, name: actor.name },
    };
    const replaced = await db.transaction(async (tx) => {
      const earlier = owner.column === "invoiceId" ? await tx.delete(files).where(eq(files.invoiceId, owner.id)).returning({ id: files.id }) : [];
      await attachFile(tx, pendingId!, owner, { size: measured.size(), sha256: measured.sha256() });
      const history = owner.history && { actor, subject: owner.history.subject, entries: [{ kind: "attached" as const, to: name }], adminOnly: owner.history.adminOnly };
      await record(tx, { ...(history && { history }), announce: owner.event });
      // Sent with an Idempotency-Key: the answer is kept with the attachment, or a retry's copy is dropped here (ADR 039).
      await c.var.idempotentUpload?.record(tx, { content: `${name}\u0000${measured.sha256()}`, body: stored, events: [owner.event] });
      return earlier.map((row) => row.id);
    });
    await removeStoredBytes(db, store, replaced);
    return stored;
  } catch (error) {
    upload.stop();
    if (pendingId) await discardFile(db, store, pendingId);
    throw error;
  }
}

/** The first `bytes` of a stream (fewer when it is shorter), and an iterator over the rest. */
async function readHead(stream: Readable, bytes: number): Promise<{ head: Buffer; rest: AsyncIterator<Buffer> }> {
  const rest = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const pieces: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await rest.next();
    if (next.done) break;
    pieces.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(pieces, length), rest };
}

/**
 * The file's pieces (`head`, then the rest), counted, hashed and, for text, checked to stay
 * UTF-8 without NUL, as they pass to the store: one of them failing fails the store's put.
 */
function measure(head: Buffer, rest: AsyncIterator<Buffer>, options: { maxBytes: number; text: boolean; tooLarge: () => Problem }) {
  const hash = createHash("sha256");
  const text = options.text ? textChecker() : undefined;
  let size = 0;
  let digest: string | undefined;
  const take = (piece: Buffer) => {
    size += piece.length;
    if (size > options.maxBytes) throw options.tooLarge();
    hash.update(piece);
    text?.check(piece);
    return piece;
  };
  async function* pieces(): AsyncGenerator<Buffer> {
    yield take(head);
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield take(next.value);
    text?.end();
    digest = hash.digest("hex");
  }
  return {
    pieces: pieces(),
    size: () => size,
    sha256: () => digest!,
  };
}
