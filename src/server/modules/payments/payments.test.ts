import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PorticoEvent } from "@/shared/schemas/event";
import { webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { auditEntries, lastAuditId } from "@/server/test/audit";
import { customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { ownerServiceContext } from "@/server/test/service-context";
import { todayIn } from "../invoices/overdue";
import { recordProviderPayment, refundPayment } from "./ledger";

/** Payments recorded by an admin, and what follows on the invoice (ADR 043). */
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const a = beforeAllTests(() => customerOfNewCompany(server, "Paying Ltd"));
const b = beforeAllTests(() => customerOfNewCompany(server, "Other Payer Ltd"));

const today = () => todayIn("UTC");
const bank = (amount: string, extra: Record<string, unknown> = {}) => ({ amount, method: "bank_transfer", paidAt: today(), reference: "SEPA 1", ...extra });

async function issued(companyId = a.company.id, extra: Record<string, unknown> = {}) {
  const response = await admin.client.post("/api/invoices", invoiceBody(companyId, { amount: "100.00", ...extra }));
  expect(response.status).toBe(201);
  return response.body;
}
const pay = (id: string, body: Record<string, unknown>) => admin.client.post(`/api/invoices/${id}/payments`, body);
const detail = async (id: string) => (await admin.client.get(`/api/invoices/${id}`)).body;

describe("POST /api/invoices/{id}/payments", () => {
  it("records 40 of 100 as partially paid with 60.00 due, then 60 more as paid with 0.00 due", async () => {
    const invoice = await issued();
    const first = await pay(invoice.id, bank("40"));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: "partially_paid", amountPaid: "40.00", amountDue: "60.00", paidAt: null });
    expect(first.body.payments).toEqual([
      expect.objectContaining({ amount: "40.00", refunded: "0.00", method: "bank_transfer", provider: null, reference: "SEPA 1", paidAt: today(), recordedBy: { id: admin.id, name: admin.name } }),
    ]);
    const second = await pay(invoice.id, bank("60.00", { method: "cash", reference: undefined }));
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ status: "paid", amountPaid: "100.00", amountDue: "0.00", paidAt: expect.any(String) });
    expect(second.body.payments.map((p: { amount: string; method: string }) => [p.amount, p.method])).toEqual([
      ["40.00", "bank_transfer"],
      ["60.00", "cash"],
    ]);
  });

  it("refuses more than the amount due with 400 naming amount, and changes nothing", async () => {
    const invoice = await issued();
    await pay(invoice.id, bank("30"));
    const before = await detail(invoice.id);
    const response = await pay(invoice.id, bank("70.01"));
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "amount", message: "Amount is more than the amount due (70.00)" }]);
    expect(await detail(invoice.id)).toEqual(before);
  });

  it.each(["draft", "void", "paid"] as const)("refuses a payment for a %s invoice with 409 naming status", async (status) => {
    const invoice = await issued(a.company.id, { status });
    const response = await pay(invoice.id, bank("10"));
    expect(response.status).toBe(409);
    expect(response.problem.errors).toEqual([{ field: "status", message: "Only an issued invoice that is not paid or void takes a payment" }]);
    expect((await detail(invoice.id)).payments).toEqual([]);
  });

  it("refuses a payment dated after today with 400 naming paidAt, and one of nothing naming amount", async () => {
    const invoice = await issued();
    const tomorrow = todayIn("UTC", new Date(Date.now() + 2 * 86_400_000));
    const future = await pay(invoice.id, bank("10", { paidAt: tomorrow }));
    expect(future.status).toBe(400);
    expect(future.problem.errors).toEqual([{ field: "paidAt", message: "Payment date cannot be in the future" }]);
    const nothing = await pay(invoice.id, bank("0.00"));
    expect(nothing.status).toBe(400);
    expect(nothing.problem.errors?.map((error) => error.field)).toEqual(["amount"]);
    expect((await detail(invoice.id)).amountPaid).toBe("0.00");
  });
});

describe("DELETE /api/invoices/{id}/payments/{paymentId}", () => {
  it("moves a paid invoice back to partially paid when one of its payments is removed", async () => {
    const invoice = await issued();
    await pay(invoice.id, bank("25"));
    const paid = (await pay(invoice.id, bank("75"))).body;
    expect(paid.status).toBe("paid");
    const removed = await admin.client.delete(`/api/invoices/${invoice.id}/payments/${paid.payments[1]!.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ status: "partially_paid", amountPaid: "25.00", amountDue: "75.00", paidAt: null });
    expect(removed.body.payments.map((p: { amount: string }) => p.amount)).toEqual(["25.00"]);
    const again = await admin.client.delete(`/api/invoices/${invoice.id}/payments/${paid.payments[1]!.id}`);
    expect(again.status).toBe(404);
  });

  it("keeps a provider's payment: 409, the invoice unchanged", async () => {
    const invoice = await issued();
    const customer = a.customer;
    const ctx = ownerServiceContext(server, customer, a.company.id);
    await ctx.db.transaction((tx) =>
      recordProviderPayment(
        { ...ctx, db: tx },
        { invoiceId: invoice.id, amount: "10.00", method: "card", paidOn: today(), provider: "stripe", reference: `pi_${crypto.randomUUID()}`, recordedBy: null, payerId: customer.id },
      ),
    );
    const before = await detail(invoice.id);
    expect(before).toMatchObject({ status: "partially_paid", amountPaid: "10.00" });
    const response = await admin.client.delete(`/api/invoices/${invoice.id}/payments/${before.payments[0]!.id}`);
    expect(response.status).toBe(409);
    expect(response.problem.detail).toBe("An online payment is refunded at the payment provider, not removed here");
    expect(await detail(invoice.id)).toEqual(before);
  });
});

describe("the status of an invoice with payments", () => {
  it("follows its payments: a hand-set status is 409 naming status, voiding it too", async () => {
    const invoice = await issued();
    await pay(invoice.id, bank("50"));
    for (const [status, message] of [
      ["paid", "An invoice with payments follows them: record or remove a payment instead"],
      ["void", "An invoice with payments cannot be voided: remove or refund its payments first"],
    ]) {
      const response = await admin.client.patch(`/api/invoices/${invoice.id}`, { status });
      expect(response.status).toBe(409);
      expect(response.problem.errors).toEqual([{ field: "status", message }]);
    }
    // Sending the stored status is no change; other fields stay editable.
    expect((await admin.client.patch(`/api/invoices/${invoice.id}`, { status: "unpaid", notes: "Half paid" })).status).toBe(200);
    expect(await detail(invoice.id)).toMatchObject({ status: "partially_paid", notes: "Half paid" });
    const reissue = await admin.client.post(`/api/invoices/${invoice.id}/reissue`, {});
    expect(reissue.status).toBe(409);
  });

  it("counts partially paid invoices in the balance and overdue at their amount due, and lists them by their own status", async () => {
    const company = await customerOfNewCompany(server, "Balance Ltd");
    const partly = await issued(company.company.id, { issueDate: "2020-01-01", dueDate: "2020-02-01" });
    await issued(company.company.id, { amount: "20.00" });
    await pay(partly.id, bank("40"));
    const balance = await admin.client.get(`/api/invoices/balance?companyId=${company.company.id}`);
    expect(balance.body).toMatchObject({ outstanding: "80.00", overdue: "60.00" });
    expect((await company.customer.client.get("/api/invoices/balance")).body).toMatchObject({ outstanding: "80.00", overdue: "60.00" });
    const listed = async (status: string) =>
      ((await admin.client.get(`/api/invoices?companyId=${company.company.id}&status=${status}`)).body.items as { id: string; overdue: boolean; amountDue: string }[]).map((i) => [i.amountDue, i.overdue]);
    expect(await listed("partially_paid")).toEqual([["60.00", true]]);
    expect(await listed("unpaid")).toEqual([["20.00", false]]);
    const csv = await (await admin.client.raw(`/api/invoices/export?companyId=${company.company.id}&status=partially_paid`)).text();
    const [header, row] = csv.split("\n");
    const cells = Object.fromEntries(header!.split(",").map((column, i) => [column, row!.split(",")[i]]));
    expect(cells).toMatchObject({ status: "partially_paid", total: "100.00", amount_paid: "40.00", amount_due: "60.00" });
  });
});

describe("who sees and records payments", () => {
  it("shows A's customer the payments of A's invoice, 404 for B's, and 403 on recording or removing", async () => {
    const invoice = await issued();
    const paid = (await pay(invoice.id, bank("15"))).body;
    const own = await a.customer.client.get(`/api/invoices/${invoice.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: "partially_paid", amountDue: "85.00", payOnline: false });
    expect(own.body.payments).toEqual(paid.payments);
    expect((await b.customer.client.get(`/api/invoices/${invoice.id}`)).status).toBe(404);
    expect((await a.customer.client.post(`/api/invoices/${invoice.id}/payments`, bank("1"))).status).toBe(403);
    expect((await b.customer.client.post(`/api/invoices/${invoice.id}/payments`, bank("1"))).status).toBe(403);
    expect((await a.customer.client.delete(`/api/invoices/${invoice.id}/payments/${paid.payments[0]!.id}`)).status).toBe(403);
    expect((await detail(invoice.id)).amountPaid).toBe("15.00");
  });
});

describe("what a payment records", () => {
  it("writes its history, audit entries, webhook events and announcement in the write", async () => {
    const company = await customerOfNewCompany(server, "Hooked Payer Ltd");
    const [endpoint] = await server.deps.db
      .insert(webhookEndpoints)
      .values({ url: "https://hooks.example.com/pay", eventTypes: ["invoice.paid", "payment.recorded", "invoice.updated"], companyId: company.company.id, secret: "sealed" })
      .returning({ id: webhookEndpoints.id });
    const invoice = await issued(company.company.id);
    const since = await lastAuditId(server);
    const events: PorticoEvent[] = [];
    const stop = server.deps.events.subscribe((event) => events.push(event));
    const first = (await pay(invoice.id, bank("40"))).body;
    const paid = (await pay(invoice.id, bank("60"))).body;
    await admin.client.delete(`/api/invoices/${invoice.id}/payments/${first.payments[0]!.id}`);
    await expect.poll(() => events.filter((event) => event.kind === "invoice" && event.id === invoice.id).length).toBe(3);
    stop();

    const history = (await company.customer.client.get(`/api/invoices/${invoice.id}/activity`)).body.items as { kind: string; field: string | null; from: string | null; to: string | null }[];
    expect(history.map(({ kind, field, from, to }) => ({ kind, field, from, to })).reverse()).toEqual([
      { kind: "created", field: null, from: null, to: null },
      { kind: "payment_recorded", field: null, from: null, to: "40.00" },
      { kind: "changed", field: "status", from: "unpaid", to: "partially_paid" },
      { kind: "payment_recorded", field: null, from: null, to: "60.00" },
      { kind: "changed", field: "status", from: "partially_paid", to: "paid" },
      { kind: "payment_removed", field: null, from: null, to: "40.00" },
      { kind: "changed", field: "status", from: "paid", to: "partially_paid" },
    ]);

    const recorded = await auditEntries(server, "payment.recorded", since);
    expect(recorded.map((entry) => [entry.targetId, entry.actorId, entry.details])).toEqual([
      [invoice.id, admin.id, expect.objectContaining({ paymentId: first.payments[0]!.id, amount: "40.00", method: "bank_transfer" })],
      [invoice.id, admin.id, expect.objectContaining({ paymentId: paid.payments[1]!.id, amount: "60.00" })],
    ]);
    expect((await auditEntries(server, "payment.removed", since)).map((entry) => entry.details)).toEqual([expect.objectContaining({ paymentId: first.payments[0]!.id, amount: "40.00" })]);

    const deliveries = await server.deps.db
      .select({ type: webhookDeliveries.eventType, body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint!.id));
    // One transaction's deliveries share their created_at: compared as a set.
    expect(deliveries.map((delivery) => delivery.type).sort()).toEqual(["invoice.paid", "invoice.updated", "invoice.updated", "invoice.updated", "payment.recorded", "payment.recorded"]);
    const bodies = deliveries.map((delivery) => ({ type: delivery.type, data: JSON.parse(delivery.body).data }));
    expect(bodies.find((delivery) => delivery.type === "invoice.paid")!.data).toEqual({ companyId: company.company.id, actor: { id: admin.id, name: admin.name }, invoiceId: invoice.id });
    const payment = bodies.find((delivery) => delivery.type === "payment.recorded" && delivery.data.paymentId === paid.payments[1]!.id)!.data;
    expect(payment).toEqual({
      companyId: company.company.id,
      actor: { id: admin.id, name: admin.name },
      invoiceId: invoice.id,
      paymentId: paid.payments[1]!.id,
      amount: "60.00",
      amountDue: "0.00",
      currency: "USD",
      method: "bank_transfer",
      paidAt: today(),
    });
  });
});

describe("a provider's payments", () => {
  const payerContext = () =>
    ownerServiceContext(server, a.customer, a.company.id);
  const confirm = (invoiceId: string, amount: string, reference: string) => {
    const ctx = payerContext();
    return ctx.db.transaction((tx) =>
      recordProviderPayment({ ...ctx, db: tx }, { invoiceId, amount, method: "card", paidOn: today(), provider: "stripe", reference, recordedBy: null, payerId: a.customer.id }),
    );
  };
  const refund = (reference: string, refundedTotal: string) => {
    const ctx = payerContext();
    return ctx.db.transaction((tx) => refundPayment({ ...ctx, db: tx }, { provider: "stripe", reference, refundedTotal }));
  };

  it("records an overpayment (the money arrived) with a payment.alert, and one payment however often it is confirmed", async () => {
    const invoice = await issued();
    const since = await lastAuditId(server);
    const reference = `pi_${crypto.randomUUID()}`;
    const first = await confirm(invoice.id, "120.00", reference);
    expect(first).toMatchObject({ status: "paid", amountPaid: "120.00", amountDue: "0.00" });
    expect(await confirm(invoice.id, "120.00", reference)).toEqual(first);
    expect((await detail(invoice.id)).payments).toHaveLength(1);
    expect((await auditEntries(server, "payment.alert", since)).map((entry) => [entry.targetId, entry.details?.reason])).toEqual([[invoice.id, "paid 120.00 where 100.00 was due"]]);
  });

  it("records no payment for a void invoice, only the alert", async () => {
    const invoice = await issued(a.company.id, { status: "void" });
    const since = await lastAuditId(server);
    expect(await confirm(invoice.id, "10.00", `pi_${crypto.randomUUID()}`)).toBeNull();
    expect(await detail(invoice.id)).toMatchObject({ status: "void", amountPaid: "0.00", payments: [] });
    expect((await auditEntries(server, "payment.alert", since)).map((entry) => entry.details?.reason)).toEqual(["payment for a void invoice"]);
  });

  it("takes a refund off once: a paid invoice goes back to partially paid, a repeated refund changes nothing", async () => {
    const invoice = await issued();
    const reference = `pi_${crypto.randomUUID()}`;
    await confirm(invoice.id, "100.00", reference);
    expect(await refund(reference, "30.00")).toMatchObject({ status: "partially_paid", amountPaid: "70.00", amountDue: "30.00" });
    expect(await refund(reference, "30.00")).toBeNull();
    const after = await detail(invoice.id);
    expect(after).toMatchObject({ status: "partially_paid", amountPaid: "70.00", paidAt: null });
    expect(after.payments).toEqual([expect.objectContaining({ amount: "100.00", refunded: "30.00", provider: "stripe", recordedBy: null })]);
  });
});

describe("GET /api/payments/export", () => {
  it("answers the admin a CSV of the standing payments, newest first, and customers 403", async () => {
    const invoice = await issued(b.company.id);
    await pay(invoice.id, bank("12.50", { reference: "=HYPERLINK()" }));
    const response = await admin.client.raw("/api/payments/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="payments-${today()}.csv"`);
    const [header, newest] = (await response.text()).split("\n");
    expect(header).toBe("invoice_number,company,amount,refunded,currency,method,provider,reference,paid_on,recorded_by,created_at");
    expect(newest).toMatch(new RegExp(`^${invoice.invoiceNumber},Other Payer Ltd,12\\.50,0\\.00,USD,bank_transfer,,'=HYPERLINK\\(\\),${today()},${admin.name},\\d{4}-`));
    expect((await a.customer.client.raw("/api/payments/export")).status).toBe(403);
    expect((await server.anonymous().raw("/api/payments/export")).status).toBe(401);
  });
});
