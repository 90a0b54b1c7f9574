/**
 * `npm run admin -- create --email E --password P --name "N"` and `npm run admin -- promote --email E`.
 * Uses the same configuration, and so the same database, as `npm start`.
 */
import { parseArgs } from "node:util";
import { createAuth } from "../src/server/auth";
import { outboxFor } from "../src/server/mail/outbox";
import { openDatabase } from "../src/server/db/client";
import { acquireDataDirLock } from "../src/server/db/data-dir-lock";
import { loadEnv } from "../src/server/env";
import { createAdmin, findUserIdByEmail, promoteToAdmin } from "../src/server/accounts";
import { refusedPasswordOf } from "../src/server/modules/auth/password-policy-hook";
import { signUpInputSchema } from "../src/shared/schemas/auth";
import { runCommand } from "./run-command";

const usage = `Usage:
  npm run admin -- create --email you@example.com --password "at least 6 chars" --name "Your Name"
  npm run admin -- promote --email existing-user@example.com`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  });
  const command = positionals[0];
  if ((command !== "create" && command !== "promote") || !values.email) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  const release = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
  try {
    if (command === "promote") {
      const id = await findUserIdByEmail(database.db, values.email);
      if (!id) {
        console.error(`No user with email ${values.email}. Use "create" to make a new admin.`);
        return 1;
      }
      await promoteToAdmin(database.db, id);
      console.log(`${values.email} is now an admin; their sessions were ended, so they sign in again.`);
      return 0;
    }
    const input = signUpInputSchema.safeParse({ email: values.email, password: values.password ?? "", name: values.name ?? "" });
    if (!input.success) {
      const issue = input.error.issues[0]!;
      console.error(`--${issue.path.join(".")}: ${issue.message}`);
      return 2;
    }
    const outcome = await createAdmin(database.db, createAuth(database.db, env, outboxFor(env)), input.data).catch((error: unknown) => {
      const refused = refusedPasswordOf(error);
      if (refused) return { refused };
      throw error;
    });
    if (typeof outcome === "object") {
      console.error(`--password: ${outcome.refused}`);
      return 2;
    }
    if (outcome === "exists") {
      console.error(`An account with email ${values.email} already exists; it was not changed. To make it an admin: npm run admin -- promote --email ${values.email}`);
      return 1;
    }
    console.log(outcome === "created" ? `Admin ${values.email} created.` : `${values.email} is already an admin.`);
    return 0;
  } finally {
    await database.close();
    release();
  }
}

runCommand(main);
