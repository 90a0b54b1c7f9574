import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { onTestFinished } from "vitest";
import { createPglite } from "../db/client";
import { projectRoot } from "../env";

/** The project's migrations folder. */
const migrationsFolder = join(projectRoot(), "drizzle");

/**
 * A copy of drizzle/ whose journal stops at `tag`: a database migrated from it has the shape of
 * that release. `remove` deletes the copy.
 */
function migrationsUpTo(tag: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), `portico-${tag.slice(0, 4)}-`));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`No migration ${tag} in the journal`);
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A backfill as an upgrade runs it: a new in-memory database migrated to `tag`, given `oldRows`
 * (SQL that writes rows of the shape before), then migrated to the end. The test reads the result;
 * the database closes and the copy of drizzle/ goes when the test ends.
 */
export async function migratedPast(tag: string, oldRows: string): Promise<PGlite> {
  const before = migrationsUpTo(tag);
  onTestFinished(before.remove);
  const client = await createPglite(undefined);
  onTestFinished(() => client.close());
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: before.folder });
  await client.exec(oldRows);
  await migrate(db, { migrationsFolder });
  return client;
}
