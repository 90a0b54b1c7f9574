/**
 * `npm run db:move -- --to postgres://…`: copies the embedded installation (DATA_DIR) into an empty
 * PostgreSQL database, verifies it, and prints the DATABASE_URL to start with. See
 * docs/operations.md.
 */
import { parseArgs } from "node:util";
import { loadEnv } from "../src/server/env";
import { createLogger } from "../src/server/observability/logger";
import { moveToPostgres } from "../src/server/ops/db-move";
import { runCommand } from "./run-command";

const usage = `Usage: npm run db:move -- --to postgres://user:password@host:5432/database
Copies the embedded database in DATA_DIR into that empty PostgreSQL database; stop the server first.`;

async function main(): Promise<number> {
  let to: string | undefined;
  try {
    to = parseArgs({ options: { to: { type: "string" } } }).values.to;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  if (env.DATABASE_URL) {
    console.error("DATABASE_URL is set, so this installation already runs on PostgreSQL. db:move copies the embedded database in DATA_DIR: unset DATABASE_URL to run it.");
    return 1;
  }
  // Migration lines only if something goes wrong: this command says what it does itself.
  const log = await createLogger({ LOG_LEVEL: "warn", NODE_ENV: env.NODE_ENV });
  const result = await moveToPostgres({ dataDir: env.DATA_DIR, to, log, report: (line) => console.log(line) });
  console.log(`Copied ${result.rows} rows in ${result.tables} tables; every table's row count and checksum match.`);
  console.log("Start Portico on PostgreSQL with:");
  console.log(`  DATABASE_URL=${to}`);
  console.log(
    `Keep AUTH_SECRET as it is (when unset, the server reads the one generated in ${env.DATA_DIR}/auth-secret), or every session ends. ` +
      "The embedded database in DATA_DIR is left as it was; with DATABASE_URL set the server no longer opens it.",
  );
  return 0;
}

runCommand(main);
