import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminNotificationKinds, customerNotificationKinds, defaultMailDelivery } from "@/shared/rules/notifications";
import { notificationPreferences } from "@/server/db/schema";
import { createCompany, createCustomer } from "@/server/test/fixtures";
import { serverForFile } from "@/server/test/per-file";

const server = serverForFile();

const defaults = (kinds: readonly (keyof typeof defaultMailDelivery)[]) => kinds.map((kind) => ({ kind, delivery: defaultMailDelivery[kind] }));

/** One kind's mail turned off, as a preferences item. */
const off = (kind: string) => ({ kind, delivery: "off" });

describe("notification preferences", () => {
  it("lists the customer kinds for a customer and the admin kinds for an admin, each with its default until chosen", async () => {
    const company = await createCompany(server, "Prefs Ltd");
    const customer = await createCustomer(server, company.id);
    const admin = await server.createUser({ admin: true });
    const loner = await server.createUser();
    expect((await customer.client.get("/api/notifications/preferences")).body).toEqual({ items: defaults(customerNotificationKinds) });
    expect((await loner.client.get("/api/notifications/preferences")).body).toEqual({ items: defaults(customerNotificationKinds) });
    expect((await admin.client.get("/api/notifications/preferences")).body).toEqual({ items: defaults(adminNotificationKinds) });
  });

  it("stores the listed kinds, keeps the others, and answers every kind; the next read says the same", async () => {
    const customer = await server.createUser();
    const saved = await customer.client.put("/api/notifications/preferences", {
      items: [
        { kind: "message", delivery: "digest" },
        { kind: "invoice_overdue", delivery: "immediate" },
      ],
    });
    expect(saved.status).toBe(200);
    const expected = defaults(customerNotificationKinds).map((item) =>
      item.kind === "message" ? { kind: "message", delivery: "digest" } : item.kind === "invoice_overdue" ? { kind: "invoice_overdue", delivery: "immediate" } : item,
    );
    expect(saved.body).toEqual({ items: expected });
    const changed = await customer.client.put("/api/notifications/preferences", { items: [off("message")] });
    expect(changed.body.items).toContainEqual({ kind: "message", delivery: "off" });
    expect(changed.body.items).toContainEqual({ kind: "invoice_overdue", delivery: "immediate" });
    expect((await customer.client.get("/api/notifications/preferences")).body).toEqual(changed.body);
  });

  it("keeps the payment kinds to their roles, mailed at once until chosen otherwise", async () => {
    const customer = await server.createUser();
    const admin = await server.createUser({ admin: true });
    expect(defaultMailDelivery).toMatchObject({ payment_received: "immediate", customer_payment: "immediate" });
    // Stored: the database's list of kinds (migration 0033) has them.
    const saved = await customer.client.put("/api/notifications/preferences", { items: [{ kind: "payment_received", delivery: "digest" }] });
    expect(saved.body.items).toContainEqual({ kind: "payment_received", delivery: "digest" });
    expect((await admin.client.put("/api/notifications/preferences", { items: [off("customer_payment")] })).body.items).toContainEqual({ kind: "customer_payment", delivery: "off" });
    expect((await customer.client.put("/api/notifications/preferences", { items: [off("customer_payment")] })).problem.errors?.map((error) => error.field)).toEqual(["items.0.kind"]);
    expect((await admin.client.put("/api/notifications/preferences", { items: [off("payment_received")] })).problem.errors?.map((error) => error.field)).toEqual(["items.0.kind"]);
  });

  it("refuses a kind the caller's role does not receive, or one listed twice, with 400 naming the item, and stores none of the request", async () => {
    const customer = await server.createUser();
    const admin = await server.createUser({ admin: true });
    const refused = await customer.client.put("/api/notifications/preferences", { items: [off("message"), off("ticket_created")] });
    expect(refused.status).toBe(400);
    expect(refused.problem.errors).toEqual([{ field: "items.1.kind", message: "Not a notification your account receives" }]);
    const adminRefused = await admin.client.put("/api/notifications/preferences", { items: [off("invoice_issued")] });
    expect(adminRefused.status).toBe(400);
    expect(adminRefused.problem.errors?.map((error) => error.field)).toEqual(["items.0.kind"]);
    const twice = await customer.client.put("/api/notifications/preferences", { items: [off("message"), { kind: "message", delivery: "digest" }] });
    expect(twice.status).toBe(400);
    expect(twice.problem.errors).toEqual([{ field: "items.1.kind", message: "Listed twice" }]);
    const unknown = await customer.client.put("/api/notifications/preferences", { items: [{ kind: "message", delivery: "hourly" }] });
    expect(unknown.status).toBe(400);
    expect(unknown.problem.errors?.map((error) => error.field)).toEqual(["items.0.delivery"]);
    for (const user of [customer, admin]) expect(await server.deps.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id))).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    expect((await server.anonymous().get("/api/notifications/preferences")).status).toBe(401);
    expect((await server.anonymous().put("/api/notifications/preferences", { items: [off("message")] })).status).toBe(401);
  });
});
