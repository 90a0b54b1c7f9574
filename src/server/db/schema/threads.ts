import { index, text, type ExtraConfigColumn } from "drizzle-orm/pg-core";
import { createdAtColumn } from "./columns";
import { maxLength, notBlank } from "./limits";
import { personColumn } from "./references";

/** The columns of one comment after its parent's id: a project's and a ticket's comments are alike. */
export const commentColumns = () => ({
  // Comments outlive their author's account; the author shows as unknown then.
  userId: personColumn("user_id"),
  content: text("content").notNull(),
  createdAt: createdAtColumn(),
});

interface ThreadColumns {
  /** The record the entries belong to; a thread is read per parent, oldest first. */
  parent: ExtraConfigColumn;
  /** Who wrote an entry; indexed so that deleting an account finds its entries at once. */
  author: ExtraConfigColumn;
  content: ExtraConfigColumn;
  createdAt: ExtraConfigColumn;
}

/**
 * The rules of a thread of texts under one record (a project's or ticket's comments, a company's
 * chat messages): no blank text, none over 10,000 characters, and the two indexes it is read by.
 */
export function threadRules(table: string, { parent, author, content, createdAt }: ThreadColumns) {
  return [
    notBlank(`${table}_content_not_blank`, content),
    maxLength(`${table}_content_length`, content, 10_000),
    index(`${table}_${parent.name}_created_at_idx`).on(parent, createdAt),
    index(`${table}_${author.name}_idx`).on(author),
  ];
}
