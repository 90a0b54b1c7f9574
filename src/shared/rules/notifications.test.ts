import { describe, expect, it } from "vitest";
import { describeNotification, notificationPath, type NotificationWords } from "./notifications";
import { companyId, invoice, recordId, ticket, words } from "./notifications.fixtures";

describe("describeNotification", () => {
  it("says who did what to which record, with values in the record page's words", () => {
    expect(describeNotification(words({}))).toBe("Alex Admin sent you a message");
    expect(describeNotification(words({ kind: "customer_message", actorName: "Cleo Customer" }))).toBe("Cleo Customer of Acme Ltd sent a message");
    expect(describeNotification(words({ kind: "ticket_status", subject: ticket, field: "status", from: "pending", to: "doing" }))).toBe(
      "Alex Admin changed the status of Export fails from Pending to Doing",
    );
    expect(describeNotification(words({ kind: "comment_reply", subject: ticket }))).toBe("Alex Admin commented on Export fails");
    expect(describeNotification(words({ kind: "ticket_created", subject: ticket, actorName: "Cleo Customer" }))).toBe("Cleo Customer opened the ticket Export fails");
    expect(describeNotification(words({ kind: "invoice_issued", subject: { type: "invoice", id: recordId, label: "INV-7", slug: null } }))).toBe("New invoice INV-7");
    expect(describeNotification(words({ kind: "invoice_overdue", actorName: null, subject: { type: "invoice", id: recordId, label: "INV-7", slug: null } }))).toBe(
      "Invoice INV-7 is overdue",
    );
    expect(describeNotification(words({ kind: "payment_received", subject: invoice, to: "1200.5" }))).toBe("Payment of 1,200.50 received for invoice INV-7");
    expect(describeNotification(words({ kind: "payment_received", subject: invoice, to: "40.00" }), { money: (amount) => `€${amount}` })).toBe("Payment of €40.00 received for invoice INV-7");
    expect(describeNotification(words({ kind: "customer_payment", subject: invoice, to: "40.00", excerpt: "Acme Ltd" }))).toBe("Acme Ltd paid 40.00 for invoice INV-7");
    // Without the company's name (never written so), the team's line is the customers' one.
    expect(describeNotification(words({ kind: "customer_payment", subject: invoice, to: null }))).toBe("Payment of an amount received for invoice INV-7");
    expect(describeNotification(words({ kind: "member_joined", subject: { type: "company", id: companyId, label: "Acme Ltd", slug: null }, excerpt: "Jo Joiner" }))).toBe(
      "Jo Joiner joined Acme Ltd",
    );
    const project = { type: "project" as const, id: recordId, label: "Rebrand", slug: "rebrand" };
    expect(describeNotification(words({ kind: "assigned_project", subject: project, field: "status", from: "active", to: "on_hold" }))).toBe(
      "Alex Admin changed status from Active to On hold on Rebrand",
    );
    expect(describeNotification(words({ kind: "assigned_project", subject: project, excerpt: "Next week" }))).toBe("Alex Admin commented on Rebrand");
    expect(describeNotification(words({ actorName: null }))).toBe("Someone sent you a message");
  });
});

describe("notificationPath", () => {
  it("leads each reader to the record in their own area", () => {
    const at = (subject: NotificationWords["subject"], area: "customer" | "admin") => notificationPath({ subject, companyId }, area);
    expect(at(ticket, "customer")).toBe(`/dashboard/tickets/${recordId}`);
    expect(at(ticket, "admin")).toBe(`/admin/tickets/${recordId}`);
    expect(at({ type: "project", id: recordId, label: "Rebrand", slug: "rebrand" }, "customer")).toBe("/dashboard/projects/rebrand");
    expect(at({ type: "project", id: recordId, label: "Rebrand", slug: "rebrand" }, "admin")).toBe(`/admin/projects/${recordId}`);
    expect(at({ type: "conversation", id: companyId, label: "Acme", slug: null }, "customer")).toBe("/dashboard/messages");
    expect(at({ type: "conversation", id: companyId, label: "Acme", slug: null }, "admin")).toBe(`/admin/messages?company=${companyId}`);
    expect(at({ type: "company", id: companyId, label: "Acme", slug: null }, "admin")).toBe(`/admin/customers/${companyId}`);
    // The company page moved off the customer's home (ADR 035): /dashboard is the overview now.
    expect(at({ type: "company", id: companyId, label: "Acme", slug: null }, "customer")).toBe("/dashboard");
    expect(at({ type: "invoice", id: recordId, label: "INV-7", slug: null }, "customer")).toBe(`/dashboard/invoices/${recordId}`);
  });
});
