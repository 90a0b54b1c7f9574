/**
 * Vitest global setup of the PGlite project: one migrated PGlite, dumped to a file once per run.
 * Every test file's database starts from that dump (harness.ts) instead of running initdb and the
 * migrations again: initdb alone took 2 to 10 s a file on the two-core CI machine, loading the
 * dump about 1 s.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { createLogger } from "../observability/logger";

declare module "vitest" {
  export interface ProvidedContext {
    /** The dumped migrated PGlite data directory (a tar file) every test database starts from. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), "portico-pglite-template-"));
  const file = join(folder, "migrated.tar");
  // Quiet: the migrations of the template are not news in a test run.
  const database = await openDatabase({ log: await createLogger({ LOG_LEVEL: "error", NODE_ENV: "test" }) });
  if (database.driver.kind !== "pglite") throw new Error("the template is a PGlite database");
  const dump = await database.driver.client.dumpDataDir("none");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", file);
  return () => rmSync(folder, { recursive: true, force: true });
}
