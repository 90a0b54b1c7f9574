/**
 * The lint rules of DESIGN section 2 bite: for each rule a deliberate violation is reported with
 * that rule's id and a conforming sample is not. Samples are linted under virtual paths inside
 * src/ (nothing is written there); the import-cycle samples need real files and live in
 * test/lint-fixtures/, which `eslint .` ignores.
 */
import path from "node:path";
import { ESLint, type Linter } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
let eslint: ESLint;

beforeAll(() => {
  // ignore: false so that the fixture folder, ignored by `eslint .`, is linted here.
  eslint = new ESLint({ cwd: root, ignore: false });
});

function withoutParseErrors(messages: Linter.LintMessage[], where: string): Linter.LintMessage[] {
  const fatal = messages.filter((m) => m.fatal || m.ruleId === null);
  expect(fatal.map((m) => m.message), `parse errors in ${where}`).toEqual([]);
  return messages;
}

/** Messages of `ruleId` for `code` linted as if it were the file `filePath`. */
async function lint(code: string, filePath: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return withoutParseErrors(result!.messages, filePath)
    .filter((m) => m.ruleId === ruleId)
    .map((m) => m.message);
}

async function lintFile(file: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([path.join(root, "test/lint-fixtures", file)]);
  return withoutParseErrors(result!.messages, file)
    .filter((m) => m.ruleId === ruleId)
    .map((m) => m.message);
}

const one = (statement: string) => `${statement}\nexport const used = [value];\n`;

describe("1. features import each other only through the public entry", () => {
  const rule = "portico/feature-boundaries";
  const file = "src/web/features/alpha/components/alpha-panel.tsx";

  it.each([
    ['import { value } from "@/web/features/beta/api/use-beta";', "alias into api/"],
    ['import { value } from "@/web/features/beta/components/beta-card";', "alias into components/"],
    ['import { value } from "../../beta/api/use-beta";', "relative into api/"],
    ['import { value } from "@/web/features/tickets/api";', "a folder at the feature root"],
    ['import type { value } from "@/web/features/beta/lib/types";', "type-only import of internals"],
    ['const value = () => import("@/web/features/beta/components/beta-card");', "dynamic import"],
    ['type Value = import("@/web/features/beta/api/use-beta").Value;\nconst value: Value | null = null;', "import() type"],
  ])("reports %s (%s)", async (statement) => {
    expect(await lint(one(statement), file, rule)).toHaveLength(1);
  });

  it("reports a re-export of another feature's internals", async () => {
    const code = 'export { value } from "../beta/components/beta-card";\n';
    expect(await lint(code, "src/web/features/alpha/index.ts", rule)).toHaveLength(1);
  });

  it.each([
    ['import { value } from "@/web/features/beta";', "the feature's index"],
    ['import { value } from "@/web/features/beta/index";', "index spelled out"],
    ['import { value } from "../../beta";', "relative index"],
    ['import { value } from "@/web/features/beta/beta-types";', "a file at the feature root"],
    ['import { value } from "../api/use-alpha";', "own internals, relative"],
    ['import { value } from "@/web/features/alpha/api/use-alpha";', "own internals, alias"],
    ['import { value } from "@/web/components/ui/button";', "shared UI"],
  ])("allows %s (%s)", async (statement) => {
    expect(await lint(one(statement), file, rule)).toEqual([]);
  });

  it("leaves route modules outside features free to compose feature internals", async () => {
    const code = one('import { value } from "@/web/features/beta/components/beta-card";');
    expect(await lint(code, "src/web/app/routes/admin/beta.tsx", rule)).toEqual([]);
  });
});

describe("2. src/server/db never imports src/server/http", () => {
  const rule = "portico/layer-boundaries";
  const file = "src/server/db/schema/sample.ts";

  it.each([
    'import { value } from "@/server/http/problem";',
    'import { value } from "../../http/problem";',
    'import type { value } from "../../http/context";',
    'import { value } from "../../../server/http/context";',
  ])("reports %s", async (statement) => {
    expect(await lint(one(statement), file, rule)).toHaveLength(1);
  });

  it.each(['import { value } from "@/server/db/client";', 'import { value } from "../client";', 'import { value } from "@/shared/enums";'])(
    "allows %s",
    async (statement) => {
      expect(await lint(one(statement), file, rule)).toEqual([]);
    },
  );

  it("allows the rest of the server to import http", async () => {
    const code = one('import { value } from "@/server/http/problem";');
    expect(await lint(code, "src/server/modules/things/things.service.ts", rule)).toEqual([]);
  });
});

describe("3. no import cycles (the resolver reads the @/ alias from tsconfig paths)", () => {
  const rule = "import-x/no-cycle";

  it("reports both files of a cycle closed through the alias", async () => {
    expect(await lintFile("cycle/first.ts", rule)).toHaveLength(1);
    expect(await lintFile("cycle/second.ts", rule)).toHaveLength(1);
  });

  it("allows a one-way import through the alias", async () => {
    expect(await lintFile("acyclic/upper.ts", rule)).toEqual([]);
    expect(await lintFile("acyclic/lower.ts", rule)).toEqual([]);
  });

  it("does not count type-only imports, which are erased", async () => {
    expect(await lintFile("type-only/tree.ts", rule)).toEqual([]);
    expect(await lintFile("type-only/leaf.ts", rule)).toEqual([]);
  });
});

describe("4. Drizzle updates and deletes have a where", () => {
  const file = "src/server/modules/things/things.service.ts";
  const header = "declare const db: any;\ndeclare const tx: any;\ndeclare const server: any;\ndeclare const things: unknown;\n";

  it.each([
    ["drizzle/enforce-update-with-where", "await db.update(things).set({ name: 'x' });"],
    ["drizzle/enforce-update-with-where", "await tx.update(things).set({ name: 'x' }).returning();"],
    ["drizzle/enforce-delete-with-where", "await db.delete(things);"],
    ["drizzle/enforce-delete-with-where", "await tx.delete(things).returning();"],
    ["drizzle/enforce-delete-with-where", "await server.deps.db.delete(things);"],
  ])("%s reports %s", async (rule, statement) => {
    expect(await lint(`${header}${statement}\n`, file, rule)).toHaveLength(1);
  });

  it("allows updates and deletes with a where, and other objects' delete", async () => {
    const code = `${header}
await db.update(things).set({ name: "x" }).where(true);
await tx.update(things).set({ name: "x" }).where(true).returning();
await db.delete(things).where(true);
await server.deps.db.delete(things).where(true);
new Map<string, number>().delete("key");
new Headers().delete("content-length");
`;
    expect(await lint(code, file, "drizzle/enforce-update-with-where")).toEqual([]);
    expect(await lint(code, file, "drizzle/enforce-delete-with-where")).toEqual([]);
  });
});

describe("5. the @/ alias instead of climbing, and the boundaries in the alias form", () => {
  const rule = "no-restricted-imports";
  const climbing = "climbs three or more folders";

  it.each([
    ["src/web/features/alpha/components/deep/alpha-panel.tsx", "../../../../../shared/enums"],
    ["src/server/modules/things/things.service.ts", "../../../shared/enums"],
    ["src/shared/schemas/deep/sample.ts", "../../../shared/enums"],
    ["src/server/db/schema/sample.ts", "../../../shared/enums"],
    ["e2e/support/deep/sample.ts", "../../../src/shared/enums"],
    ["scripts/sample.ts", "../../../elsewhere"],
  ])("reports climbing in %s", async (file, source) => {
    const messages = await lint(one(`import { value } from "${source}";`), file, rule);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(climbing);
  });

  it.each([
    ["src/server/modules/things/things.service.ts", "../../db/client"],
    ["src/server/modules/things/things.service.ts", "@/shared/enums"],
    ["e2e/support/sample.ts", "../../src/shared/enums"],
  ])("allows %s importing %s", async (file, source) => {
    expect(await lint(one(`import { value } from "${source}";`), file, rule)).toEqual([]);
  });

  it.each([
    ["src/shared/sample.ts", 'import { value } from "@/server/app";', "src/shared imports neither"],
    ["src/shared/sample.ts", 'import { value } from "@/web/lib/api";', "src/shared imports neither"],
    ["src/shared/sample.ts", 'import { value } from "../server/app";', "src/shared imports neither"],
    ["src/shared/sample.ts", 'import { value } from "hono";', "free of server and UI libraries"],
    ["src/web/lib/sample.ts", 'import { value } from "@/server/app";', "only `import type`"],
    ["src/web/lib/sample.ts", 'import { value } from "../../server/app";', "only `import type`"],
    ["src/web/lib/sample.ts", 'import { value } from "drizzle-orm";', "Server-only library"],
    ["src/server/app.ts", 'import { value } from "@/web/lib/api";', "never imports the web app"],
    ["src/server/modules/things/things.routes.ts", 'import { value } from "../../../web/lib/api";', "never imports the web app"],
  ])("keeps the boundary in %s: %s", async (file, statement, message) => {
    const messages = await lint(one(statement), file, rule);
    expect(messages.some((m) => m.includes(message)), messages.join("\n")).toBe(true);
  });

  it.each([
    ["src/web/lib/sample.ts", 'import type { value } from "@/server/app";'],
    ["src/web/lib/sample.ts", 'import { type value } from "@/server/app";'],
    ["src/shared/sample.ts", 'import { value } from "@/shared/enums";'],
    ["src/server/app.ts", 'import { value } from "@/shared/schemas/ticket";'],
  ])("allows %s: %s", async (file, statement) => {
    expect(await lint(one(statement), file, rule)).toEqual([]);
  });
});

describe("6. kebab-case file names in src", () => {
  const rule = "check-file/filename-naming-convention";
  const code = "export const value = 1;\n";

  it.each(["src/web/components/ui/DatePicker.tsx", "src/server/modules/things/thing_utils.ts", "src/shared/schemas/ticketList.ts"])(
    "reports %s",
    async (file) => {
      expect(await lint(code, file, rule)).toHaveLength(1);
    },
  );

  it.each([
    "src/web/components/ui/date-picker.tsx",
    "src/server/modules/tickets/tickets.routes.ts",
    "src/server/modules/tickets/tickets.test.ts",
    "src/server/modules/events/events.postgres.test.ts",
    "src/web/lib/schemas/schemas.parity.test.ts",
    "src/web/vite-env.d.ts",
    "src/server/db/schema/index.ts",
  ])("allows %s", async (file) => {
    expect(await lint(code, file, rule)).toEqual([]);
  });
});

describe("7. web API files are named use-*.ts", () => {
  const rule = "check-file/filename-blocklist";
  const code = "export const value = 1;\n";

  it.each(["src/web/features/tickets/api/get-tickets.ts", "src/web/features/tickets/api/update-ticket.ts", "src/web/features/tickets/api/use-tickets.tsx"])(
    "reports %s",
    async (file) => {
      expect(await lint(code, file, rule)).toHaveLength(1);
    },
  );

  it.each([
    "src/web/features/tickets/api/use-tickets.ts",
    "src/web/features/tickets/api/use-update-ticket.ts",
    "src/web/features/tickets/components/ticket-list.tsx",
    "src/web/lib/get-tickets.ts",
  ])("allows %s", async (file) => {
    expect(await lint(code, file, rule)).toEqual([]);
  });
});

describe("8. services take (ctx, input)", () => {
  const rule = "portico/service-signature";
  const file = "src/server/modules/alpha/alpha.service.ts";
  const header = 'import type { ServiceContext } from "../context";\nimport type { Database } from "../../db/client";\n';

  it.each([
    ["export async function findAlpha(db: Database, id: string) { return [db, id]; }", "the database first"],
    ["export async function findAlpha(id: string, ctx: ServiceContext) { return [ctx, id]; }", "the context second"],
    ["export async function listAlpha() { return []; }", "no context at all"],
    ["export const findAlpha = async (db: Database) => db;", "an exported arrow function"],
    ["export async function findAlpha(ctx: ServiceContext, id: string, extra: string) { return [ctx, id, extra]; }", "a third argument"],
  ])("reports %s (%s)", async (code) => {
    expect(await lint(header + code + "\n", file, rule)).toHaveLength(1);
  });

  it.each([
    ["export async function findAlpha(ctx: ServiceContext, id: string) { return [ctx, id]; }", "(ctx, input)"],
    ["export async function listAlpha({ db }: ServiceContext) { return db; }", "a destructured context alone"],
    ["export const findAlpha = async (ctx: ServiceContext, input: { id: string }) => [ctx, input];", "an arrow function"],
    ["export const LIMIT = 10;\nconst helper = (db: Database) => db;\nexport const used = [helper];", "constants and private helpers"],
  ])("allows %s (%s)", async (code) => {
    expect(await lint(header + code + "\n", file, rule)).toEqual([]);
  });

  it("asks a context first only of service files", async () => {
    const code = header + "export async function findAlpha(db: Database, id: string) { return [db, id]; }\n";
    expect(await lint(code, "src/server/modules/alpha/alpha.routes.ts", rule)).toEqual([]);
  });

  const outside = "src/server/modules/alpha/pdf/alpha-pdf.ts";
  it.each([
    ["export async function renderAlpha(ctx: ServiceContext, deps: { brand: string }, id: string) { return [ctx, deps, id]; }", "a second positional argument"],
    ['export async function renderAlpha(ctx: Pick<ServiceContext, "db">, id: string, extra: string) { return [ctx, id, extra]; }', "a Pick of the context"],
    ["export const renderAlpha = async ({ db }: ServiceContext, id: string, extra: string) => [db, id, extra];", "a destructured context"],
  ])("holds a (ctx, …) function outside service files to (ctx, input): reports %s (%s)", async (code) => {
    const messages = await lint(header + code + "\n", outside, rule);
    expect(messages).toEqual([expect.stringContaining("takes (ctx, input)")]);
  });
});

describe("8b. no service input carries a process dependency", () => {
  const rule = "portico/service-signature";
  const file = "src/server/modules/alpha/alpha.service.ts";
  const header = 'import type { ServiceContext } from "../context";\n';
  const dependencies = ["store", "log", "logger", "auth", "settings", "env", "db", "mail", "clock", "announce", "deps"];

  it.each(dependencies)("reports `%s` in an inline input type", async (property) => {
    const code = `${header}export async function findAlpha(ctx: ServiceContext, input: { id: string; ${property}: unknown }) { return [ctx, input]; }\n`;
    expect(await lint(code, file, rule)).toEqual([expect.stringContaining(`\`${property}\``)]);
  });

  it.each([
    ["export async function removeAlpha(ctx: ServiceContext, { store, id }: { store: unknown; id: string }) { return [ctx, store, id]; }", "store", "destructured"],
    ["export async function resetAlpha(ctx: ServiceContext, input: AlphaInput & { log: unknown }) { return [ctx, input]; }", "log", "an intersection"],
    ["export async function signAlpha(ctx: ServiceContext, { id, auth }: AlphaInput) { return [ctx, id, auth]; }", "auth", "destructured from a type it cannot see"],
    ["interface AlphaAction { id: string; settings: unknown }\nexport async function rotateAlpha(ctx: ServiceContext, input: AlphaAction) { return [ctx, input]; }", "settings", "a local interface"],
    ["interface Base { env: unknown }\ninterface AlphaAction extends Base { id: string }\nexport async function rotateAlpha(ctx: ServiceContext, input: AlphaAction) { return [ctx, input]; }", "env", "an interface it extends"],
    ["type AlphaAction = { id: string } & { mail: unknown };\nexport async function mailAlpha(ctx: ServiceContext, input: AlphaAction) { return [ctx, input]; }", "mail", "a local type alias"],
    ["export const exportAlpha = async (ctx: ServiceContext, { db, query }: { db: unknown; query: string }) => [ctx, db, query];", "db", "an arrow function"],
    ["export async function listAlpha(ctx: ServiceContext, { clock }: { clock: unknown } = { clock: null }) { return [ctx, clock]; }", "clock", "with a default value"],
  ])("reports %s (%s: %s)", async (code, property) => {
    expect(await lint(`${header}type AlphaInput = { id: string };\n${code}\n`, file, rule)).toEqual([expect.stringContaining(`\`${property}\``)]);
  });

  it("reports it outside service files too, for a function taking the context", async () => {
    const code = `${header}export async function ensureAlpha(ctx: Pick<ServiceContext, "db">, input: { id: string; store: unknown }) { return [ctx, input]; }\n`;
    expect(await lint(code, "src/server/modules/alpha/pdf/alpha-pdf.ts", rule)).toEqual([expect.stringContaining("`store`")]);
  });

  it.each([
    ["export async function findAlpha(ctx: ServiceContext, { id, storedName }: { id: string; storedName: string }) { return [ctx, id, storedName]; }", "names that only start like one"],
    ["export async function findAlpha(ctx: ServiceContext, input: { id: string; options: { store: boolean } }) { return [ctx, input]; }", "a nested property"],
    ["export async function findAlpha(ctx: ServiceContext, id: string) { return [ctx, id]; }", "a plain input"],
    ["export async function findAlpha({ db, store }: ServiceContext) { return [db, store]; }", "dependencies taken from the context"],
  ])("allows %s (%s)", async (code) => {
    expect(await lint(header + code + "\n", file, rule)).toEqual([]);
  });

  it("leaves functions that take no context alone outside service files", async () => {
    const code = "export async function sweepAlpha(db: unknown, { store, log }: { store: unknown; log: unknown }) { return [db, store, log]; }\n";
    expect(await lint(code, "src/server/modules/alpha/alpha-sweep.ts", rule)).toEqual([]);
  });

  it("passes the conforming fixtures: a service file and a helper outside one", async () => {
    expect(await lintFile("service-signature/invoices.service.ts", rule)).toEqual([]);
    expect(await lintFile("service-signature/invoice-pdf.ts", rule)).toEqual([]);
  });

  it("reports every violation in the fixtures, naming the dependency or the extra argument", async () => {
    const users = await lintFile("service-signature/users.service.ts", rule);
    expect(users).toEqual([
      expect.stringMatching(/deactivateUser .*`log`/),
      expect.stringMatching(/removeAvatar .*`store`/),
      expect.stringMatching(/sendReset .*`auth`/),
      expect.stringMatching(/rotateSecret .*`settings`/),
    ]);
    const preview = await lintFile("service-signature/invoice-preview.ts", rule);
    expect(preview).toEqual([expect.stringMatching(/renderPreview takes \(ctx, input\)/), expect.stringMatching(/exportRows .*`db`/)]);
  });
});

describe("9. modules hand their side effects to ctx.record (ADR 040)", () => {
  const rule = "no-restricted-imports";
  const message = "never calls another module's side-effect writer";

  it.each([
    ["src/server/modules/tickets/tickets.service.ts", 'import { recordActivity } from "../activity/activity-log";'],
    ["src/server/modules/messages/messages.service.ts", 'import { notifyOfMessage } from "../notifications/message-notices";'],
    ["src/server/modules/members/members.service.ts", 'import { notify } from "@/server/modules/notifications/notify";'],
    ["src/server/modules/companies/companies.service.ts", 'import { recordWebhookEvent } from "../webhooks/webhook-events";'],
    ["src/server/modules/invoices/invoice-pdf.routes.ts", 'import { recordAudit } from "../audit/audit-log";'],
    ["src/server/modules/projects/projects.service.ts", 'import { announce } from "@/server/realtime/announce";'],
    ["src/server/modules/webhooks/webhook-delivery.ts", 'import { notificationListener } from "../notifications/notification-listener";'],
  ])("reports %s: %s", async (file, statement) => {
    const messages = await lint(one(statement), file, rule);
    expect(messages.some((m) => m.includes(message)), messages.join("\n")).toBe(true);
  });

  it.each([
    // The change's builders and types are every module's to use.
    ["src/server/modules/tickets/tickets.service.ts", 'import { fieldChanges } from "@/server/changes/field-changes";'],
    ["src/server/modules/members/members.service.ts", 'import { auditBy } from "@/server/changes/audit-entry";'],
    ["src/server/modules/files/owners.ts", 'import type { value } from "../activity/activity-log";'],
    // A module's own writer, and the one place that registers the listeners.
    ["src/server/modules/notifications/notification-listener.ts", 'import { notify } from "./notify";'],
    ["src/server/changes/listeners.ts", 'import { activityListener } from "@/server/modules/activity/activity-log";'],
  ])("allows %s: %s", async (file, statement) => {
    expect(await lint(one(statement), file, rule)).toEqual([]);
  });
});
