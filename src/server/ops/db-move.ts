import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "../db/client";
import type { Logger } from "../observability/logger";
import { hasEmbeddedDatabase, withDataDirLock } from "./embedded-data-dir";
import { copySequences } from "./sequences";
import { publicName, quoteIdent, sqlOfPglite, sqlOfPostgres, type Sql } from "./sql";
import { checksumDifferences, tableChecksums } from "./table-checksums";
import { applicationTables, describeRows, parentsFirst, TABLES_THE_MIGRATIONS_FILL, tablesWithRows, type TableInfo } from "./tables";

export interface MoveOptions {
  /** DATA_DIR of the embedded installation to copy. */
  dataDir: string;
  /** postgres:// URL of an empty database. */
  to: string;
  /** Where the migrations of both databases log (the process logger when absent). */
  log?: Logger;
  /** Told each step as it begins, for a person watching. */
  report?: (line: string) => void;
}

export interface MoveResult {
  tables: number;
  rows: number;
}

/** Rows read from PGlite and written to PostgreSQL per statement. */
const BATCH_ROWS = 500;

/**
 * Copies the embedded installation in `dataDir` into the empty PostgreSQL database `to`: the schema
 * through the migrations the server runs at start, then every row of every application table, then
 * the sequences, and compares each table's row count and checksum on both sides before committing.
 * Users keep their passwords and sessions: they are rows like any other.
 */
export async function moveToPostgres(options: MoveOptions): Promise<MoveResult> {
  const report = options.report ?? (() => {});
  return withDataDirLock(options.dataDir, "npm run db:move", async () => {
    if (!hasEmbeddedDatabase(options.dataDir)) throw new Error(`There is no embedded database in ${options.dataDir} (DATA_DIR) to move.`);
    await refuseUnlessEmpty(options.to);
    report("Opening the embedded database (its pending migrations are applied, as a server start would)");
    const source = await openDatabase({ dataDir: options.dataDir, log: options.log });
    try {
      report("Creating the schema on PostgreSQL through the migrations");
      const target = await openDatabase({ url: options.to, poolSize: 1, log: options.log });
      try {
        if (source.driver.kind !== "pglite" || target.driver.kind !== "postgres") throw new Error("db:move copies PGlite into PostgreSQL");
        const client = await target.driver.pool.connect();
        try {
          return await copyInOneTransaction(source.driver.client, client, report);
        } finally {
          client.release();
        }
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  });
}

async function refuseUnlessEmpty(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const used = await tablesWithRows(sqlOfPostgres(client));
    if (used.length > 0) throw notEmpty(used);
  } finally {
    await client.end();
  }
}

const notEmpty = (used: { name: string; rows: number }[]) =>
  new Error(`The PostgreSQL database is not empty: ${describeRows(used)}. db:move copies into an empty database only; nothing was changed.`);

/**
 * The copy is one transaction on PostgreSQL, so a failure at any point (a row the target refuses,
 * a checksum that differs) leaves it as it was: migrated and empty.
 *
 * Why tables in foreign-key order with user triggers disabled, rather than deferring constraints
 * or `session_replication_role = replica`: our foreign keys are not DEFERRABLE, and both replica
 * mode and disabling the constraint triggers need a superuser, which managed PostgreSQL services
 * do not give. Disabling USER triggers needs only the tables' owner, the role that has just run the
 * migrations. Every reference is still checked as its row lands, and the triggers must stay quiet:
 * they would recount `table_row_counts` and rebuild `conversations` while those are copied as they
 * are, and the role trigger would end the sessions being copied (0007).
 */
async function copyInOneTransaction(source: PGlite, client: pg.PoolClient, report: (line: string) => void): Promise<MoveResult> {
  const sourceSql = sqlOfPglite(source);
  const targetSql = sqlOfPostgres(client);
  const tables = await applicationTables(sourceSql);
  const targetTables = await applicationTables(targetSql);
  refuseDifferentSchemas(tables, targetTables);
  const order = await parentsFirst(targetSql, targetTables);
  const byName = new Map(tables.map((table) => [table.name, table]));
  await targetSql("begin");
  try {
    // The deferrable references (a table's to itself, see parentsFirst) wait until every row is in.
    await targetSql("set constraints all deferred");
    // ALTER TABLE locks each table against writers, so the check below holds until COMMIT.
    for (const name of order) await targetSql(`alter table ${publicName(name)} disable trigger user`);
    const used = await tablesWithRows(targetSql);
    if (used.length > 0) throw notEmpty(used);
    for (const name of order) if (TABLES_THE_MIGRATIONS_FILL.has(name)) await targetSql(`delete from ${publicName(name)}`);
    let rows = 0;
    for (const name of order) {
      const copied = await copyTable(source, targetSql, byName.get(name)!);
      report(`  ${name}: ${copied} ${copied === 1 ? "row" : "rows"}`);
      rows += copied;
    }
    await copySequences(sourceSql, targetSql);
    // Checks the deferred references now: ALTER TABLE refuses a table with checks still pending.
    await targetSql("set constraints all immediate");
    for (const name of order) await targetSql(`alter table ${publicName(name)} enable trigger user`);
    report("Comparing row counts and checksums of every table");
    const differences = checksumDifferences(await tableChecksums(sourceSql, tables), await tableChecksums(targetSql, targetTables));
    if (differences.length > 0) {
      throw new Error(`The copy differs from the embedded database, so it was not kept:\n${differences.join("\n")}`);
    }
    await targetSql("commit");
    return { tables: tables.length, rows };
  } catch (error) {
    await targetSql("rollback").catch(() => {});
    throw error;
  }
}

/** Both were just migrated by the same code: a difference means a database changed by hand. */
function refuseDifferentSchemas(source: TableInfo[], target: TableInfo[]): void {
  const shape = (tables: TableInfo[]) => tables.map((table) => `${table.name}(${table.columns.join(",")})`).join(" ");
  if (shape(source) !== shape(target)) {
    throw new Error(`The tables differ after migrating both databases; nothing was copied.\nEmbedded: ${shape(source)}\nPostgreSQL: ${shape(target)}`);
  }
}

/**
 * Streams one table through a cursor, BATCH_ROWS at a time, as JSON: json_populate_recordset reads
 * each value back through the column's own type on PostgreSQL, so timestamps, numerics and enums
 * arrive exactly as they were without passing through JavaScript values.
 */
async function copyTable(source: PGlite, target: Sql, table: TableInfo): Promise<number> {
  const name = publicName(table.name);
  const columns = table.columns.map(quoteIdent).join(", ");
  return source.transaction(async (tx) => {
    await tx.query(`declare rows_to_copy no scroll cursor for select row_to_json(t)::text as row from ${name} as t`);
    let copied = 0;
    for (;;) {
      const { rows } = await tx.query<{ row: string }>(`fetch ${BATCH_ROWS} from rows_to_copy`);
      if (rows.length === 0) return copied;
      const batch = `[${rows.map(({ row }) => row).join(",")}]`;
      await target(`insert into ${name} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${name}, $1::json)`, [batch]);
      copied += rows.length;
    }
  });
}
