/**
 * `npm run audit:verify`: walks the hash chains of the database the configuration names
 * (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first): the audit log's and each
 * company's access log (ADR 050). Prints one line per chain and, for a broken one, its first entry
 * that does not hold. Exit code 0 when every chain is intact, 1 when one is not.
 */
import { openDatabase } from "../src/server/db/client";
import { acquireDataDirLock } from "../src/server/db/data-dir-lock";
import { loadEnv } from "../src/server/env";
import { describeReport, verifyAllChains } from "../src/server/modules/access-log/verify-all";
import { runCommand } from "./run-command";

async function main(): Promise<number> {
  const env = loadEnv();
  const release = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
  try {
    const reports = await verifyAllChains(database.db);
    for (const report of reports) console.log(describeReport(report));
    return reports.every((report) => report.verdict.intact) ? 0 : 1;
  } finally {
    await database.close();
    release();
  }
}

runCommand(main);
