/**
 * `npm run security:outdated`: the packages that authenticate, encrypt, sign, parse HTTP or talk to
 * the database, when the registry has a newer release than the one installed. These are the ones
 * whose releases carry security fixes Portico must take (docs/security.md, "Keeping dependencies
 * current"); the rest follow the ordinary upgrade rhythm. Reads `npm outdated --json`, so it
 * reports what the registry this machine uses offers. Exits 1 when one is behind, 0 otherwise.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Why each is watched: a name, or a scope ending in "/" for every package of that scope. */
const WATCHED: Record<string, string> = {
  "better-auth": "sign-in, sessions, password and e-mail links, two-factor (ADR 002, 019)",
  "@better-auth/": "Better Auth's core, API tokens plugin and utilities (ADR 030, 037)",
  "better-call": "Better Auth's request router and cookie signing",
  hono: "HTTP routing, cookies, CSRF and body limits",
  "@hono/": "the Node.js HTTP server and the OpenAPI routes' input validation",
  busboy: "parses multipart uploads",
  "file-type": "tells an upload's real type from its bytes",
  pg: "PostgreSQL driver",
  "@electric-sql/pglite": "the embedded database",
  "drizzle-orm": "builds every SQL statement",
  nodemailer: "sends mail with reset and sign-in links (SMTP, TLS)",
  otpauth: "computes authenticator codes in the two-factor tests",
  standardwebhooks: "signs outgoing webhooks (HMAC-SHA256)",
  qrcode: "draws the two-factor enrolment key",
  zod: "checks every request body",
};

interface Outdated {
  current?: string;
  wanted: string;
  latest: string;
}

function watchedReason(name: string): string | undefined {
  return WATCHED[name] ?? Object.entries(WATCHED).find(([key]) => key.endsWith("/") && name.startsWith(key))?.[1];
}

function outdatedPackages(): Record<string, Outdated> {
  // npm outdated exits 1 whenever something is outdated; only its JSON says what.
  const run = spawnSync("npm", ["outdated", "--json"], { cwd: fileURLToPath(new URL("..", import.meta.url)), encoding: "utf8" });
  if (run.error) throw run.error;
  if (run.status !== 0 && run.status !== 1) throw new Error(`npm outdated failed (exit code ${run.status}): ${run.stderr.trim()}`);
  return run.stdout.trim() ? (JSON.parse(run.stdout) as Record<string, Outdated>) : {};
}

const behind = Object.entries(outdatedPackages())
  .filter(([name, versions]) => watchedReason(name) && versions.current !== versions.latest)
  .sort(([a], [b]) => a.localeCompare(b));

if (behind.length === 0) {
  console.log(`Every watched package (${Object.keys(WATCHED).join(", ")}) is at the registry's latest release.`);
  process.exit(0);
}
const rows = [["package", "installed", "wanted", "latest", "why it is watched"], ...behind.map(([name, v]) => [name, v.current ?? "missing", v.wanted, v.latest, watchedReason(name)!])];
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows) console.log(row.map((cell, column) => (column < row.length - 1 ? cell.padEnd(widths[column]!) : cell)).join("  "));
console.log(
  "\n'wanted' is the newest release package.json allows; 'latest' the registry's newest. Read each one's release notes for security fixes, " +
    "then upgrade (an exact pin moves in package.json, with its reason in docs/decisions/037-better-auth-version.md for Better Auth).",
);
process.exit(1);
