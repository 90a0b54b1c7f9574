/**
 * `npm run restore -- FILE [--force]`: restores a backup of `npm run backup` into the database the
 * configuration names. A database that holds data is replaced only with --force. See
 * docs/operations.md.
 */
import { parseArgs } from "node:util";
import { loadEnv } from "../src/server/env";
import { BACKUP_KIND_NAMES } from "../src/server/ops/backup-kind";
import { restore } from "../src/server/ops/restore";
import { runCommand } from "./run-command";

const usage = `Usage: npm run restore -- FILE [--force]
Restores into PostgreSQL (DATABASE_URL) or the embedded database (DATA_DIR); stop the servers first.
--force replaces a database that is not empty.`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  const result = await restore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, file, force: parsed.values.force });
  console.log(`Restored the ${BACKUP_KIND_NAMES[result.kind]} from ${file}${result.replaced ? ", replacing what was there" : ""}.`);
  return 0;
}

runCommand(main);
