import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";

/**
 * One statement with positional parameters, answering its rows. The operations commands read and
 * write both engines with the same SQL; this is the little they need of either driver.
 */
export type Sql = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

export function sqlOfPglite(client: PGlite | Transaction): Sql {
  return async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[];
}

export function sqlOfPostgres(client: pg.ClientBase): Sql {
  return async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[];
}

/** A table, column or sequence name as an SQL identifier, whatever it contains. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `public."name"`: every application table lives in schema public (see tables.ts). */
export function publicName(name: string): string {
  return `public.${quoteIdent(name)}`;
}
