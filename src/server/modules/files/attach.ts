import { eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { files } from "@/server/db/schema";
import type { FileOwner } from "./owners";
import type { FileStore } from "./store/file-store";

/**
 * The two steps every stored file goes through (ADR 022), shared by uploads and the files Portico
 * writes itself (an invoice's generated PDF): a pending row, attached to nothing and visible to
 * nobody, before its bytes go to the store; then, once every byte is stored, the update that
 * attaches it, inside the caller's transaction.
 */
export async function insertPendingFile(
  db: Database,
  store: FileStore,
  file: { companyId: string; name: string; contentType: string; uploadedBy: string | null },
): Promise<{ id: string; createdAt: Date }> {
  const [pending] = await db.insert(files).values({ ...file, store: store.kind }).returning({ id: files.id, createdAt: files.createdAt });
  return pending!;
}

export async function attachFile(tx: Pick<Database, "update">, fileId: string, owner: Pick<FileOwner, "column" | "id">, stored: { size: number; sha256: string }) {
  await tx
    .update(files)
    .set({ [owner.column]: owner.id, size: stored.size, sha256: stored.sha256, storedAt: sql`now()` })
    .where(eq(files.id, fileId));
}
