import { spawn, type ChildProcess } from "node:child_process";

/*
 * The PostgreSQL client programs (pg_dump, pg_restore, psql) run as child processes. Their major
 * version must be at least the server's: pg_dump refuses a newer server and says so, and that
 * message is passed on.
 */

/**
 * The connection for a client program: the URL without its password, and the password in
 * PGPASSWORD, since a command line is visible to every user of the machine (`ps`).
 */
export function clientConnection(url: string): { uri: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { uri: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs `pg_dump --format=custom` of `url` into `file`. */
export async function pgDump(url: string, file: string): Promise<void> {
  const { uri, env } = clientConnection(url);
  const dump = start("pg_dump", ["--format=custom", "--no-password", `--file=${file}`, `--dbname=${uri}`], env);
  await finished(dump);
}

/**
 * Restores a pg_dump custom-format `file` into `url` as one transaction: the statements in
 * `before` (emptying the database), then pg_restore's script, then COMMIT, all through one psql
 * session. COMMIT is sent only once pg_restore has written its whole script and exited 0: if it
 * fails half way (a damaged file), psql reaches the end of its input inside the open transaction,
 * the connection closes and PostgreSQL rolls everything back, so the database is as it was.
 */
export async function pgRestoreInOneTransaction(url: string, file: string, before: string[]): Promise<void> {
  const { uri, env } = clientConnection(url);
  // Owners and grants of the dumped database name roles this server may not have; the restoring
  // role owns what it restores.
  const script = start("pg_restore", ["--no-owner", "--no-privileges", "--file=-", file], env, "pipe");
  const psql = start("psql", ["--no-psqlrc", "--quiet", "--no-password", "--set=ON_ERROR_STOP=1", `--dbname=${uri}`, "--file=-"], env, "ignore", "pipe");
  const psqlDone = finished(psql);
  const input = psql.stdin!;
  // psql stopping on an error closes its input; what pg_restore still writes has nowhere to go.
  input.on("error", () => {});
  input.write(["BEGIN;", ...before, ""].join("\n"));
  script.stdout!.pipe(input, { end: false });
  const scriptDone = finished(script).then(
    () => input.end("\nCOMMIT;\n"),
    (error: unknown) => {
      input.end();
      throw error;
    },
  );
  // The program that failed first is the one with the cause: psql stopping on a statement closes
  // pg_restore's pipe (its error then says only that), and pg_restore stopping on a damaged file
  // hands psql half a statement (its error then is a syntax error).
  let firstFailure: unknown;
  const noteFailure = (error: unknown) => {
    firstFailure ??= error;
    throw error;
  };
  await Promise.allSettled([scriptDone.catch(noteFailure), psqlDone.catch(noteFailure)]);
  if (firstFailure !== undefined) throw firstFailure;
}

/** A PostgreSQL client program that exited with an error: which one, and the last line it wrote. */
export class ClientProgramFailed extends Error {
  constructor(
    readonly program: string,
    readonly lastLine: string,
    message: string,
  ) {
    super(message);
  }
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv, stdout: "pipe" | "ignore" = "ignore", stdin: "pipe" | "ignore" = "ignore"): ChildProcess {
  return spawn(command, args, { env, stdio: [stdin, stdout, "pipe"] });
}

/** Resolves when the program exits 0; otherwise rejects with what it wrote to stderr. */
function finished(child: ChildProcess): Promise<void> {
  const name = child.spawnfile;
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8 * 1024);
  });
  return new Promise((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error(`${name} was not found: install the PostgreSQL client programs (pg_dump, pg_restore, psql) of your server's version or newer.`)
          : error,
      );
    });
    child.once("close", (code, signal) => {
      if (code === 0) resolve();
      else {
        const said = stderr.trim();
        const lastLine = said.split("\n").at(-1)?.replace(new RegExp(`^${name}: (error: )?`), "") ?? "";
        reject(new ClientProgramFailed(name, lastLine, `${name} failed (${signal ?? `exit code ${code}`}): ${said || "no message"}`));
      }
    });
  });
}
