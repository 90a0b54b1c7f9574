import { execFileSync } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The repository the benchmarks run in. */
export const benchRoot = resolve(import.meta.dirname, "..", "..");

/** The value after `--name` on the command line, if given. */
export function benchArg(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

/**
 * The server bundle of `commit`, built once into a worktree of its own: the other side of a
 * benchmark that compares this build with an earlier one.
 */
export function baseBuild(commit: string): string {
  const tree = join(tmpdir(), `portico-bench-base-${commit}`);
  const entry = join(tree, "dist", "bench-server", "index.mjs");
  if (existsSync(entry)) return entry;
  if (!existsSync(tree)) execFileSync("git", ["worktree", "add", "--detach", tree, commit], { cwd: benchRoot, stdio: "inherit" });
  if (!existsSync(join(tree, "node_modules"))) symlinkSync(join(benchRoot, "node_modules"), join(tree, "node_modules"));
  execFileSync(join(benchRoot, "node_modules", ".bin", "tsx"), ["scripts/build-server.ts", "--outdir", join(tree, "dist", "bench-server")], { cwd: tree, stdio: "inherit" });
  return entry;
}
