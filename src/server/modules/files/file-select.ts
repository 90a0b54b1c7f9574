import { asc, eq, isNotNull, and, sql } from "drizzle-orm";
import type { StoredFile } from "@/shared/schemas/file";
import type { Database } from "@/server/db/client";
import { prepared } from "@/server/db/prepared";
import { files, profiles } from "@/server/db/schema";

/** The columns naming a file's record; exactly one is set once the file is stored. */
export type FileOwnerColumn = "invoiceId" | "ticketId" | "ticketCommentId" | "projectCommentId" | "messageId";

/** A file as answers show it, with its uploader (left-joined: the account may be gone). */
export const storedFileColumns = {
  id: files.id,
  name: files.name,
  contentType: files.contentType,
  size: files.size,
  createdAt: files.createdAt,
  uploaderId: profiles.id,
  uploaderName: profiles.fullName,
};
export const fileUploader = eq(profiles.id, files.uploadedBy);

/** Only files whose every byte is stored: an upload in progress (or one that died) is nobody's to see. */
export const isStored = isNotNull(files.storedAt);

export interface StoredFileRow {
  id: string;
  name: string;
  contentType: string;
  size: number | null;
  createdAt: Date | string;
  uploaderId: string | null;
  uploaderName: string | null;
}

export function toStoredFile(row: StoredFileRow): StoredFile {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    // Never null for a stored file (files_stored_has_size); the reads select stored files only.
    size: row.size ?? 0,
    createdAt: (row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt)).toISOString(),
    uploadedBy: row.uploaderId === null ? null : { id: row.uploaderId, name: row.uploaderName ?? "" },
  };
}

/**
 * The stored files of each of `ownerIds` (records of one kind), oldest first: one query for a
 * whole list (`owner = any($ids)`), never one per row, prepared once per kind. Callers pass the
 * ids of records they have already read through their scope, so no tenant rule is needed here.
 */
export async function attachmentsOf(db: Database, owner: FileOwnerColumn, ownerIds: readonly string[]): Promise<Map<string, StoredFile[]>> {
  const byOwner = new Map<string, StoredFile[]>(ownerIds.map((id) => [id, []]));
  if (ownerIds.length === 0) return byOwner;
  const statement = prepared(db, `files_of_${owner}`, (name) =>
    db
      .select({ ...storedFileColumns, owner: files[owner] })
      .from(files)
      .leftJoin(profiles, fileUploader)
      // A uuid[] literal as one text parameter: the same statement serves a list of any length.
      .where(and(sql`${files[owner]} = any(${sql.placeholder("ids")}::uuid[])`, isStored))
      .orderBy(asc(files.createdAt), asc(files.id))
      .prepare(name),
  );
  const rows = await statement.execute({ ids: `{${ownerIds.join(",")}}` });
  for (const row of rows) byOwner.get(row.owner!)?.push(toStoredFile(row));
  return byOwner;
}

/** `records` with the `attachments` of each (one query for all of them). */
export async function withAttachments<T extends { id: string }>(db: Database, owner: FileOwnerColumn, records: readonly T[]): Promise<(T & { attachments: StoredFile[] })[]> {
  const byOwner = await attachmentsOf(db, owner, records.map((record) => record.id));
  return records.map((record) => ({ ...record, attachments: byOwner.get(record.id) ?? [] }));
}
