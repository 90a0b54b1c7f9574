import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn } from "./columns";
import { maxLength, notBlank } from "./limits";
import { invoices } from "./billing";
import { messages } from "./messages";
import { projectComments } from "./projects";
import { ticketComments, tickets } from "./tickets";
import { companyIdColumn, personColumn } from "./references";

/** Where a file's bytes are (ADR 022): chunks in this database, or an object in an S3 bucket. */
export const fileStores = ["database", "s3"] as const;

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/** The record a file belongs to; deleting the record deletes its files. */
const owner = (name: string, target: () => AnyPgColumn) => uuid(name).references(target, { onDelete: "cascade" });

/**
 * A stored file and the one record it belongs to (an invoice's PDF, or an attachment of a ticket,
 * a comment or a chat message). The owner columns are real foreign keys, so a deleted record takes
 * its files with it; `company_id` is the owner's company, the tenant rule every read applies.
 * A row without an owner and without `stored_at` is an upload in progress (or one that died): the
 * bytes go in first, the row is attached in the same transaction that makes it visible, and a sweep
 * removes what stayed unattached.
 */
export const files = pgTable(
  "files",
  {
    id: idColumn(),
    companyId: companyIdColumn("cascade"),
    invoiceId: owner("invoice_id", () => invoices.id),
    ticketId: owner("ticket_id", () => tickets.id),
    ticketCommentId: owner("ticket_comment_id", () => ticketComments.id),
    projectCommentId: owner("project_comment_id", () => projectComments.id),
    messageId: owner("message_id", () => messages.id),
    /** The uploader's name for it, cleaned of path parts and control characters. */
    name: text("name").notNull(),
    /** Decided from the file's bytes against the allow-list, never from the name. */
    contentType: text("content_type").notNull(),
    /** Bytes; with the digest, known once the last byte is stored (null while the upload runs). */
    size: bigint("size", { mode: "number" }),
    sha256: text("sha256"),
    store: text("store", { enum: fileStores }).notNull(),
    uploadedBy: personColumn("uploaded_by"),
    /** Set when every byte is stored and the file is attached; null while the upload runs. */
    storedAt: timestamp("stored_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    notBlank("files_name_not_blank", t.name),
    maxLength("files_name_length", t.name, 255),
    maxLength("files_content_type_length", t.contentType, 255),
    check("files_size_positive", sql`${t.size} > 0`),
    check("files_stored_has_size", sql`${t.storedAt} IS NULL OR (${t.size} IS NOT NULL AND ${t.sha256} IS NOT NULL)`),
    check("files_store_known", sql`${t.store} IN ('database', 's3')`),
    // A visible file belongs to exactly one record; an upload in progress to none.
    check(
      "files_one_owner_once_stored",
      sql`num_nonnulls(${t.invoiceId}, ${t.ticketId}, ${t.ticketCommentId}, ${t.projectCommentId}, ${t.messageId}) = CASE WHEN ${t.storedAt} IS NULL THEN 0 ELSE 1 END`,
    ),
    // An invoice has one PDF; replacing it swaps the row in one transaction.
    uniqueIndex("files_invoice_id_key").on(t.invoiceId).where(sql`${t.invoiceId} IS NOT NULL`),
    index("files_ticket_id_idx").on(t.ticketId, t.createdAt).where(sql`${t.ticketId} IS NOT NULL`),
    index("files_ticket_comment_id_idx").on(t.ticketCommentId).where(sql`${t.ticketCommentId} IS NOT NULL`),
    index("files_project_comment_id_idx").on(t.projectCommentId).where(sql`${t.projectCommentId} IS NOT NULL`),
    index("files_message_id_idx").on(t.messageId).where(sql`${t.messageId} IS NOT NULL`),
    index("files_company_id_idx").on(t.companyId),
    index("files_uploaded_by_idx").on(t.uploadedBy),
    // The sweep of unfinished uploads reads only these.
    index("files_unstored_idx").on(t.createdAt).where(sql`${t.storedAt} IS NULL`),
  ],
);

/** The bytes of a file in the database store, in order; `seq` 0 is the first chunk. */
export const fileChunks = pgTable(
  "file_chunks",
  {
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] }), check("file_chunks_seq_not_negative", sql`${t.seq} >= 0`)],
);

/**
 * Objects in an external store whose row is gone (deleted with its owner, replaced, swept). A
 * trigger adds them as rows are deleted, whatever deleted them; the sweep removes the objects and
 * then these rows, so a crash in between only delays the removal.
 */
export const fileObjectDeletions = pgTable("file_object_deletions", {
  fileId: uuid("file_id").primaryKey(),
  store: text("store", { enum: fileStores }).notNull(),
  createdAt: createdAtColumn(),
});
