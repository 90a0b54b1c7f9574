import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../env";

/** The project's migrations folder. */
export const migrationsFolder = join(projectRoot(), "drizzle");

/**
 * A copy of drizzle/ whose journal stops at `tag`, for a backfill test: migrate a database to it,
 * give it rows of the old shape, then migrate to the end (`migrationsFolder`) and read the result.
 * `remove` deletes the copy.
 */
export function migrationsUpTo(tag: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), `portico-${tag.slice(0, 4)}-`));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`No migration ${tag} in the journal`);
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
