import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChangeActor } from "@/server/changes/change";
import { invoices, notifications } from "@/server/db/schema";
import { customerWithProject } from "@/server/test/fixtures";
import type { TestUser } from "@/server/test/harness";
import { serverForFile } from "@/server/test/per-file";
import { notificationListener } from "./notification-listener";

/** The notifications' listener on its own (ADR 029, 040): who is told of each part of a change. */
const server = serverForFile();
let admin: TestUser;
let world: Awaited<ReturnType<typeof customerWithProject>>;
let teamActor: ChangeActor;
let customerActor: ChangeActor;

beforeAll(async () => {
  admin = await server.createUser({ admin: true, name: "Ada Admin" });
  world = await customerWithProject(server, "Told Ltd");
  teamActor = { userId: admin.id, name: admin.name, role: "admin", companyId: null };
  customerActor = { userId: world.customer.id, name: world.customer.name, role: "customer", companyId: world.company.id };
});

const toldOf = (recipientId: string) =>
  server.deps.db
    .select({ kind: notifications.kind, actorName: notifications.actorName, excerpt: notifications.excerpt })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.companyId, world.company.id)))
    .orderBy(notifications.id);

describe("notificationListener", () => {
  it("tells the company's members of the team's message and the team of a customer's, never the sender", async () => {
    await notificationListener(server.deps.db, { message: { actor: teamActor, companyId: world.company.id, id: crypto.randomUUID(), content: "Hello from the team" } });
    await notificationListener(server.deps.db, { message: { actor: customerActor, companyId: world.company.id, id: crypto.randomUUID(), content: "Hello from us" } });
    expect(await toldOf(world.customer.id)).toEqual([{ kind: "message", actorName: "Ada Admin", excerpt: "Hello from the team" }]);
    expect(await toldOf(admin.id)).toEqual([{ kind: "customer_message", actorName: world.customer.name, excerpt: "Hello from us" }]);
  });

  it("tells the team of a member who joined, under their name or else their address", async () => {
    const joined = await server.createUser({ name: "Nia New" });
    await notificationListener(server.deps.db, { memberJoined: { companyId: world.company.id, userId: joined.id, name: null, email: joined.email } });
    expect((await toldOf(admin.id)).at(-1)).toEqual({ kind: "member_joined", actorName: joined.email, excerpt: joined.email });
  });

  it("tells the members of an overdue invoice, with nobody as its actor", async () => {
    const [invoice] = await server.deps.db
      .insert(invoices)
      .values({ companyId: world.company.id, invoiceNumber: `INV-${crypto.randomUUID().slice(0, 8)}`, amount: "10.00", subtotal: "10.00", tax: "0.00", issueDate: "2026-01-01", status: "unpaid", issuedAt: new Date() })
      .returning({ id: invoices.id });
    await notificationListener(server.deps.db, { invoiceOverdue: { companyId: world.company.id, invoiceId: invoice!.id } });
    expect((await toldOf(world.customer.id)).at(-1)).toEqual({ kind: "invoice_overdue", actorName: null, excerpt: null });
  });

  it("tells nobody of history kept from customers, nor of a change with only an audit entry or an announcement", async () => {
    const before = (await toldOf(world.customer.id)).length;
    const subject = { type: "project" as const, id: world.project.id, companyId: world.company.id };
    await notificationListener(server.deps.db, { history: { actor: teamActor, subject, entries: [{ kind: "created" }], adminOnly: true } });
    await notificationListener(server.deps.db, { audit: { kind: "data.exported" }, announce: { kind: "project", companyId: world.company.id, id: world.project.id } });
    expect(await toldOf(world.customer.id)).toHaveLength(before);
    // The same history, shown to customers, is news to the company's members.
    await notificationListener(server.deps.db, { history: { actor: teamActor, subject, entries: [{ kind: "created" }] } });
    expect((await toldOf(world.customer.id)).at(-1)).toEqual({ kind: "project_created", actorName: "Ada Admin", excerpt: null });
  });
});
