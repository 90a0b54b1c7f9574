/**
 * `npm run backup -- --out FILE`: backs up the database the configuration names (DATABASE_URL, or
 * the embedded one in DATA_DIR), which is the whole installation. See docs/operations.md.
 */
import { parseArgs } from "node:util";
import { loadEnv } from "../src/server/env";
import { BACKUP_KIND_NAMES } from "../src/server/ops/backup-kind";
import { backup } from "../src/server/ops/backup";
import { runCommand } from "./run-command";

const usage = `Usage: npm run backup -- --out FILE
Backs up PostgreSQL (DATABASE_URL, through pg_dump) or the embedded database (DATA_DIR; stop the server first).`;

async function main(): Promise<number> {
  let out: string | undefined;
  try {
    out = parseArgs({ options: { out: { type: "string" } } }).values.out;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!out) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  const result = await backup({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, out });
  console.log(`Backed up the ${BACKUP_KIND_NAMES[result.kind]} to ${result.file} (${megabytes(result.bytes)}).`);
  console.log("It holds the whole installation, files included. Keep AUTH_SECRET with it: it is configuration, not data.");
  return 0;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

runCommand(main);
