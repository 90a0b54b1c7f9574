import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../test/harness";
import { emptyInstallation, runNpmScript, SEEDED_TABLES, seededInstallation, type TestInstallation } from "../test/installation";
import { backupKindOf } from "./backup-kind";
import { backup } from "./backup";
import { restore } from "./restore";
import type { TableChecksums } from "./table-checksums";

// Each project backs up its own database: the PGlite project an embedded installation in a
// DATA_DIR, the PostgreSQL project a database of its own (through pg_dump and pg_restore).
const kind = testDatabaseKind;
/**
 * What one `npm run` of a script may take here: it starts tsx (and, for PGlite, the database) as a
 * process of its own, which beside the end-to-end suite on a two-core machine has taken close to
 * a minute. Each test's limit counts its commands.
 */
const PER_COMMAND_MS = 60_000;

describe(`backup and restore (${kind})`, () => {
  const folder = mkdtempSync(join(tmpdir(), "portico-backups-"));
  const file = join(folder, "portico.backup");
  const installations: TestInstallation[] = [];
  let original: TestInstallation;
  let originalChecksums: TableChecksums;
  /** The empty installation the first test restores into; the second restores over it. */
  let copy: TestInstallation;

  beforeAll(async () => {
    original = await seededInstallation(kind);
    installations.push(original);
    originalChecksums = await original.checksums();
    const backedUp = await runNpmScript("backup", ["--out", file], original.env);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toContain(`to ${file}`);
  }, 2 * PER_COMMAND_MS); // the seeded installation, then the backup
  afterAll(async () => {
    for (const installation of installations) await installation.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  it("restores every row of every table of a seeded installation into an empty one", async () => {
    for (const table of SEEDED_TABLES) expect(originalChecksums[table]?.rows, table).toBeGreaterThan(0);
    expect(await backupKindOf(file)).toBe(kind);
    copy = await emptyInstallation(kind);
    installations.push(copy);
    expect(await restore({ databaseUrl: copy.databaseUrl, dataDir: copy.dataDir, file })).toEqual({ kind, replaced: false });
    expect(await copy.checksums()).toEqual(originalChecksums);
  });

  it("refuses to restore over a database that holds data, changing nothing, and replaces it with --force", async () => {
    const changed = await copy.change("insert into companies (name) values ('Added after the backup')");
    expect(changed.companies!.rows).toBe(originalChecksums.companies!.rows + 1);

    const refused = await runNpmScript("restore", [file], copy.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(kind === "pglite" ? /already holds an embedded database\. .*--force/ : /is not empty: .*companies \(2 rows\).*--force/);
    expect(await copy.checksums()).toEqual(changed);

    const forced = await runNpmScript("restore", [file, "--force"], copy.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain("replacing what was there");
    expect(await copy.checksums()).toEqual(originalChecksums);
  }, 2 * PER_COMMAND_MS);

  it("refuses a backup of the other database, and a file that is no backup, before touching anything", async () => {
    if (kind === "pglite") {
      // No server listens there: the refusal comes from the file alone.
      const onPostgres = restore({ databaseUrl: "postgres://nobody@127.0.0.1:1/none", dataDir: folder, file });
      await expect(onPostgres).rejects.toThrow(/backup of the embedded database, but DATABASE_URL is set\. .*npm run db:move -- --to/);
    } else {
      const embedded = mkdtempSync(join(tmpdir(), "portico-data-"));
      await expect(restore({ databaseUrl: undefined, dataDir: embedded, file })).rejects.toThrow(/is a PostgreSQL backup \(pg_dump\)\. Set DATABASE_URL/);
      rmSync(embedded, { recursive: true, force: true });
    }
    const notABackup = join(folder, "notes.txt");
    writeFileSync(notABackup, "not a backup");
    await expect(restore({ databaseUrl: copy.databaseUrl, dataDir: copy.dataDir, file: notABackup, force: true })).rejects.toThrow(/is not a Portico backup/);
    expect(await copy.checksums()).toEqual(originalChecksums);
  });

  it("refuses a truncated, a corrupted and a random file with one sentence naming it, changing nothing and leaving nothing behind", async () => {
    const whole = readFileSync(file);
    // The first 64 KiB intact, so each still looks like a backup of its kind to the first check.
    const head = whole.subarray(0, 64 * 1024);
    const damaged = {
      "truncated.backup": whole.subarray(0, Math.floor(whole.length / 2)),
      "corrupted.backup": Buffer.concat([head, randomBytes(whole.length - head.length)]),
      "random.backup": randomBytes(256 * 1024),
    };
    for (const [name, bytes] of Object.entries(damaged)) {
      const path = join(folder, name);
      writeFileSync(path, bytes);
      const refused = await runNpmScript("restore", [path, "--force"], copy.env);
      expect(refused.code, refused.stderr).toBe(1);
      const lines = refused.stderr.trim().split("\n");
      expect(lines, refused.stderr).toHaveLength(1);
      expect(lines[0]).toContain(path);
      expect(lines[0]).toMatch(/restore another backup\.$/);
      expect(readdirSync(copy.dataDir).filter((entry) => /\.(restoring|replaced)$/.test(entry)), name).toEqual([]);
      expect(await copy.checksums(), name).toEqual(originalChecksums);
    }
  }, 3 * PER_COMMAND_MS);

  it("refuses a backup file in a folder that does not exist with one sentence naming it, writing nothing", async () => {
    const out = join(folder, "no-such-folder", "portico.backup");
    const refused = await runNpmScript("backup", ["--out", out], original.env);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr.trim()).toBe(`Cannot write the backup to ${out}: its folder does not exist. Create it, or pick another path with --out.`);
    expect(existsSync(join(folder, "no-such-folder"))).toBe(false);
  }, PER_COMMAND_MS);

  if (kind === "pglite") {
    it("refuses to back up an embedded database while a server holds its DATA_DIR", async () => {
      // The lock as a running server leaves it: the id of a live process other than this one.
      const lock = join(original.dataDir, "pglite.lock");
      writeFileSync(lock, String(process.ppid));
      try {
        await expect(backup({ dataDir: original.dataDir, out: join(folder, "while-running.backup") })).rejects.toThrow(
          `is in use by process ${process.ppid}. Stop the server first, then run npm run backup again.`,
        );
      } finally {
        rmSync(lock, { force: true });
      }
    });
  }
});
