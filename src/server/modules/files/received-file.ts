import { createHash } from "node:crypto";
import { fileMessages } from "@/shared/rules/file";
import type { StoredFile } from "@/shared/schemas/file";
import { Problem } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { attachFile, insertPendingFile } from "./attach";
import { decideContentType, SNIFF_BYTES, textChecker } from "./content-type";
import { cleanFileName, fileProblem, UNNAMED_FILE } from "./file-name";
import type { FileOwner } from "./owners";
import { discardFile } from "./stored-bytes";

/** A file that arrived whole, not as an upload's stream: an attachment of a received mail (ADR 044). */
export interface ReceivedFile {
  filename: string | null;
  contentType: string;
  content: Buffer;
}

/**
 * Stores `file` for `owner` (whom the caller may attach to: the owner lookups of owners.ts check
 * it) by the rules of an upload (ADR 022): its name cleaned, its type decided by its bytes against
 * the allow-list (415 otherwise), at most MAX_UPLOAD_MB (413), a text file valid UTF-8; a pending
 * row first, the bytes into the store, then one transaction attaches it, notes it in the record's
 * history and announces it. On any failure nothing of it stays. Call it outside a transaction: the
 * store may use the database's connection.
 */
export async function storeReceivedFile(ctx: ServiceContext, { owner, file }: { owner: FileOwner; file: ReceivedFile }): Promise<StoredFile> {
  const { db, actor, store, record } = ctx;
  const maxUploadMb = ctx.settings.maxUploadMb;
  const name = cleanFileName(file.filename ?? UNNAMED_FILE);
  if (file.content.length === 0) throw fileProblem(fileMessages.empty);
  if (file.content.length > maxUploadMb * 1024 * 1024) throw new Problem(413, "Content Too Large", fileMessages.tooLarge(maxUploadMb));
  const contentType = await decideContentType(file.content.subarray(0, SNIFF_BYTES), { mimeType: file.contentType, name });
  if (contentType.startsWith("text/")) {
    const text = textChecker();
    text.check(file.content);
    text.end();
  }
  const pending = await insertPendingFile(db, store, { companyId: owner.companyId, name, contentType, uploadedBy: actor.userId });
  try {
    await store.put(pending.id, (async function* () {
      yield file.content;
    })());
    const sha256 = createHash("sha256").update(file.content).digest("hex");
    await db.transaction(async (tx) => {
      await attachFile(tx, pending.id, owner, { size: file.content.length, sha256 });
      const history = owner.history && { actor, subject: owner.history.subject, entries: [{ kind: "attached" as const, to: name }], adminOnly: owner.history.adminOnly };
      await record(tx, { ...(history && { history }), announce: owner.event });
    });
  } catch (error) {
    await discardFile(db, store, pending.id);
    throw error;
  }
  return { id: pending.id, name, contentType, size: file.content.length, createdAt: pending.createdAt.toISOString(), uploadedBy: { id: actor.userId, name: actor.name } };
}
