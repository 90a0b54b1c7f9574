import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/*
 * Word search on PostgreSQL's full text (ADR 046), the same on PGlite. The 'simple' configuration
 * lowercases and splits on anything but letters and digits, stemming nothing: names and titles are
 * in any language, and a palette matches what was typed, not what it might stem to.
 */

/** The most words of a search that count: a palette's query is a few words, never a paragraph. */
const MAX_WORDS = 8;
/** A longer "word" is pasted noise; cut, it still matches its own start. */
const MAX_WORD_LENGTH = 64;

/**
 * The search's words as a tsquery in which every word matches as a prefix and all must match:
 * "log fail" → `log:* & fail:*`, so each word finds as it is typed. Only letters and digits reach
 * the query, so nothing a user types is read as tsquery syntax. Undefined when there is no word.
 */
export function prefixQuery(q: string): string | undefined {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  return words
    .slice(0, MAX_WORDS)
    .map((word) => `${word.slice(0, MAX_WORD_LENGTH)}:*`)
    .join(" & ");
}

/** The document of a text column, as its GIN index (db/schema) is built on: the query uses the index only when they are the same expression. */
export const wordsOf = (column: SQLWrapper): SQL => sql`to_tsvector('simple', ${column})`;

/** Whether the column's words match a `prefixQuery`. */
export const matchesWords = (column: SQLWrapper, query: string): SQL => sql`${wordsOf(column)} @@ to_tsquery('simple', ${query})`;
