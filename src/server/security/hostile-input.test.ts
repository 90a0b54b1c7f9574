import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { companyUsers, userRoles } from "../db/schema";
import { fuzzTargets } from "../test/security/fuzz-targets";
import { send } from "../test/security/http";
import { CASES_PER_ENDPOINT, FUZZ_SEED, fuzzEndpoint, type FuzzReport } from "../test/security/fuzz-runner";
import { isWriteMethod, registeredRoutes } from "../test/security/routes";
import { worldForFile } from "@/server/test/per-file";

const { server, world } = worldForFile();
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
const reports: [string, FuzzReport][] = [];

const targets = fuzzTargets();
const labelOf = (target: (typeof targets)[number]) => `${target.method} ${target.path({ a: { company: { id: ":companyId" }, projects: [{}], tickets: [{}, {}, {}], invoices: [{}, {}] } } as never, ":id")}`;

describe(`hostile input (fast-check, seed ${FUZZ_SEED})`, () => {
  it("fuzzes every registered write route", () => {
    const writeRoutes = registeredRoutes(createApp(server.deps)).filter((route) => isWriteMethod(route.split(" ")[0]!) && !route.startsWith("ALL "));
    expect(writeRoutes.filter((route) => !targets.some((target) => target.route === route))).toEqual([]);
  });

  for (const target of targets) {
    const label = labelOf(target);
    it(`never answers ${CASES_PER_ENDPOINT} generated bodies to ${label} with a 5xx, a stack trace, SQL or a canary of company B, on success as on error`, async () => {
      const report = await fuzzEndpoint(world, target, label);
      reports.push([label, report]);
      expect(report.cases).toBeGreaterThanOrEqual(CASES_PER_ENDPOINT);
    }, 180_000);
  }

  it("leaves Object.prototype unpolluted, the admins the admins and the customers in their companies", async () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const [admins] = await server.deps.db.select({ n: count() }).from(userRoles);
    expect(admins!.n).toBe(1);
    const [membership] = await server.deps.db.select().from(companyUsers).where(eq(companyUsers.userId, world.users.customerA.id));
    expect(membership!.companyId).toBe(world.a.company.id);
    const me = await send(server.baseUrl, "/api/me", { cookie: world.cookie("customerA") });
    expect(me.body).toMatchObject({ role: "customer", company: { id: world.a.company.id } });
  });

  afterAll(() => {
    const total = reports.reduce((sum, [, report]) => sum + report.cases, 0);
    const statuses: Record<number, number> = {};
    for (const [, report] of reports) for (const [status, n] of Object.entries(report.byStatus)) statuses[Number(status)] = (statuses[Number(status)] ?? 0) + n;
    const lines = reports.map(([label, report]) => `  ${label}: ${report.cases} cases, statuses ${JSON.stringify(report.byStatus)}, slowest ${report.slowest} ms`);
    console.log(`hostile input: ${total} fuzz cases over ${reports.length} write endpoints; statuses ${JSON.stringify(statuses)}\n${lines.join("\n")}`);
  });
});
