import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { companyUsers, userRoles } from "../../db/schema";
import { FUZZ_INBOUND_TOKEN, fuzzTargets, type FuzzTarget } from "./fuzz-targets";
import { send } from "./http";
import { casesFor, FUZZ_SEED, FUZZ_WEBHOOK_SECRET, fuzzEndpoint, type FuzzReport } from "./fuzz-runner";
import { isWriteMethod, registeredRoutes } from "./routes";
import { beforeAllTests, worldForFile } from "@/server/test/per-file";
import { startFakeStripe } from "@/server/test/stripe/fake-stripe";

/** The routes of accounts and teams: sign-in and the account (its sessions and API tokens), invitations, members, the admin Users page. */
export const isAccountOrTeamRoute = (route: string) => /^[A-Z]+ \/api\/(auth|invitations|team|sessions|tokens|users)\b|^[A-Z]+ \/api\/companies\/:id\/(invitations|members)\b/.test(route);

/**
 * The hostile-input suite over the fuzz targets `part` picks, on a two-company world of its own.
 * Split over two test files so that two workers share it (about 100 s per database on one core).
 */
export function describeHostileInput(title: string, part: (target: FuzzTarget) => boolean) {
  // Online payment is on (ADR 043), against the local fake Stripe: a well-formed checkout reaches
  // the provider through the official SDK, and the webhook checks every body's signature.
  const stripe = beforeAllTests(() => startFakeStripe());
  afterAll(() => stripe.stop());
  const { server, world } = worldForFile(() => ({
    PAYMENTS: "stripe",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: FUZZ_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url.toString(),
    // Mail in (ADR 044): the inbound webhook takes every generated body as a mail.
    INBOUND_DOMAIN: "in.hostile.portico.test",
    INBOUND_WEBHOOK_TOKEN: FUZZ_INBOUND_TOKEN,
  }));
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  const reports: [string, FuzzReport][] = [];
  const targets = fuzzTargets().filter(part);
  const labelOf = (target: FuzzTarget) => `${target.method} ${target.path({ a: { company: { id: ":companyId" }, projects: [{ id: ":projectId" }], tickets: [{ id: ":ticketId" }, {}, {}], invoices: [{ id: ":invoiceId" }, { id: ":invoiceId" }, { id: ":invoiceId" }] } } as never, ":id")}`;

  describe(`hostile input, ${title} (fast-check, seed ${FUZZ_SEED})`, () => {
    it("fuzzes every registered write route, in one part or the other", () => {
      const writeRoutes = registeredRoutes(createApp(server.deps)).filter((route) => isWriteMethod(route.split(" ")[0]!) && !route.startsWith("ALL "));
      const all = fuzzTargets();
      expect(writeRoutes.filter((route) => !all.some((target) => target.route === route))).toEqual([]);
      expect(targets.length).toBeGreaterThan(0);
    });

    for (const target of targets) {
      const label = labelOf(target);
      const cases = casesFor(target);
      it(`never answers ${cases} generated bodies to ${label} with a 5xx, a stack trace, SQL or a canary of company B, on success as on error`, async () => {
        const report = await fuzzEndpoint(world, target, label);
        reports.push([label, report]);
        expect(report.cases).toBeGreaterThanOrEqual(cases);
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
      console.log(`hostile input, ${title}: ${total} fuzz cases over ${reports.length} write endpoints; statuses ${JSON.stringify(statuses)}\n${lines.join("\n")}`);
    });
  });
}
