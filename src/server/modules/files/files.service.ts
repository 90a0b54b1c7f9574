import { and, eq, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import { fileMessages } from "@/shared/rules/file";
import { files, invoices, projectComments, ticketComments } from "@/server/db/schema";
import { forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { fileScope } from "../scopes";
import { isStored } from "./file-select";
import { ownerEvent } from "./owners";
import { removeStoredBytes } from "./stored-bytes";
import { noteRecordRead } from "../access-log";

/** What a download needs of a stored file. */
export interface DownloadableFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

const downloadColumns = { id: files.id, name: files.name, contentType: files.contentType, size: files.size, sha256: files.sha256 };

const fileNotFound = () => notFound(fileMessages.notFound);

/**
 * A stored file the caller may see: its company's members and admins (fileScope; every record a
 * file belongs to is visible to its whole company, except a draft invoice, whose PDF only admins
 * see). An upload in progress is nobody's (404).
 */
export async function findDownloadableFile(ctx: ServiceContext, id: string): Promise<DownloadableFile> {
  const { db, actor } = ctx;
  const [row] = await db
    .select({ ...downloadColumns, companyId: files.companyId, hiddenFromCompany: hiddenFromCompany })
    .from(files)
    .where(and(eq(files.id, id), isStored, fileScope(actor).where));
  if (!row) throw fileNotFound();
  const { companyId, hiddenFromCompany: hidden, ...file } = row;
  // A staff read of a file its company sees is in the company's access log (ADR 050).
  if (!hidden) await noteRecordRead(ctx, { type: "file", id: file.id, companyId, label: file.name });
  return { ...file, size: file.size!, sha256: file.sha256! };
}

/** A file of a draft invoice or of an internal note: the team's alone, so not named in the company's access log either. */
const hiddenFromCompany = sql<boolean>`(exists (select 1 from ${invoices} where ${invoices.id} = ${files.invoiceId} and ${invoices.status} = 'draft')
  or exists (select 1 from ${ticketComments} where ${ticketComments.id} = ${files.ticketCommentId} and ${ticketComments.internal}))`;

/** The invoice's stored PDF, for a caller who may see the invoice (checked by the caller). */
export async function findInvoiceFile({ db }: ServiceContext, invoiceId: string): Promise<DownloadableFile | undefined> {
  const [row] = await db
    .select(downloadColumns)
    .from(files)
    .where(and(eq(files.invoiceId, invoiceId), isStored));
  return row ? { ...row, size: row.size!, sha256: row.sha256! } : undefined;
}

/**
 * Deletes a stored file: its uploader or an admin (403 for another caller who can see it, 404
 * for one who cannot), announcing the change of its record in the same transaction, then its bytes.
 */
export async function deleteFile(ctx: ServiceContext, { id }: { id: string }): Promise<void> {
  const { db, actor, store } = ctx;
  const [row] = await db
    .select({
      companyId: files.companyId,
      uploadedBy: files.uploadedBy,
      invoiceId: files.invoiceId,
      invoiceDraft: sql<boolean | null>`${invoices.status} = 'draft'`,
      ticketId: files.ticketId,
      messageId: files.messageId,
      commentTicketId: ticketComments.ticketId,
      commentInternal: ticketComments.internal,
      commentProjectId: projectComments.projectId,
    })
    .from(files)
    .leftJoin(invoices, eq(invoices.id, files.invoiceId))
    .leftJoin(ticketComments, eq(ticketComments.id, files.ticketCommentId))
    .leftJoin(projectComments, eq(projectComments.id, files.projectCommentId))
    .where(and(eq(files.id, id), isStored, fileScope(actor).where));
  if (!row) throw fileNotFound();
  if (row.uploadedBy !== actor.userId && !can(actor, "readAll", "company")) throw forbidden("Only the file's uploader or an admin can delete it");
  const event = ownerEvent(row);
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(files).where(eq(files.id, id)).returning({ id: files.id });
    if (rows.length && event) await ctx.record(tx, { announce: event });
    return rows;
  });
  // Deleted by someone else in the meantime: gone either way, and they announced it.
  if (deleted.length === 0) return;
  await removeStoredBytes(db, store, [id]);
}
