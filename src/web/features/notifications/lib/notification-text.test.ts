import { i18n } from "@lingui/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages as adminGerman } from "virtual:catalogue/admin-de";
import { messages as customerGerman } from "virtual:catalogue/customer-de";
import { messages as publicGerman } from "virtual:catalogue/public-de";
import { formatCurrency } from "@/web/lib/format-currency";
import { describeNotification, type NotificationWords } from "@/shared/rules/notifications";
import { company, invoice, project, ticket, words } from "@/shared/rules/notifications.fixtures";
import { notificationText } from "./notification-text";

// The source language: each message reads as written in the code.

const cases: NotificationWords[] = [
  words({}),
  words({ actorName: null }),
  words({ kind: "customer_message", actorName: "Cleo Customer" }),
  words({ kind: "comment_reply", subject: ticket }),
  words({ kind: "customer_comment", subject: project }),
  words({ kind: "ticket_status", subject: ticket, field: "status", from: "pending", to: "doing" }),
  words({ kind: "ticket_status", subject: ticket, field: "status", from: null, to: "done" }),
  words({ kind: "invoice_issued", subject: invoice }),
  words({ kind: "invoice_overdue", actorName: null, subject: invoice }),
  words({ kind: "payment_received", subject: invoice, to: "1234.5" }),
  words({ kind: "payment_received", subject: invoice, to: null }),
  words({ kind: "customer_payment", subject: invoice, to: "40.00", excerpt: "Acme Ltd" }),
  words({ kind: "customer_payment", subject: invoice, to: "40.00" }),
  words({ kind: "project_created", subject: project }),
  words({ kind: "ticket_created", subject: ticket, actorName: "Cleo Customer" }),
  words({ kind: "member_joined", subject: company, excerpt: "Jo Joiner" }),
  words({ kind: "member_joined", subject: company }),
  words({ kind: "assigned_project", subject: project, excerpt: "Next week" }),
  words({ kind: "assigned_project", subject: project, field: "status", from: "active", to: "on_hold" }),
  words({ kind: "assigned_project", subject: project, field: "name", from: "Rebrand", to: "Rebrand 2" }),
  words({ kind: "assigned_project", subject: project, field: "assignedTo", from: null, to: "Theo Team" }),
  words({ kind: "assigned_project", subject: project, field: "startDate", from: "2026-03-01", to: "" }),
  words({ kind: "assigned_project", subject: project, field: "endDate", from: null, to: "2026-04-30" }),
  words({ kind: "assigned_project", subject: project, field: "description", from: "a", to: "b" }),
  words({ kind: "assigned_project", subject: project, field: "unknown" }),
  words({ kind: "assigned_project", subject: project, field: "priority", from: "low", to: "high" }),
  words({ kind: "assigned_project", subject: ticket, field: "priority", from: "low", to: "urgent" }),
  words({ kind: "assigned_project", subject: ticket, field: "title", from: "A", to: "B" }),
  words({ kind: "assigned_project", subject: invoice, field: "status", from: "unpaid", to: "paid" }),
  words({ kind: "assigned_project", subject: invoice, field: "amount", from: "80", to: "1234.5" }),
  words({ kind: "assigned_project", subject: invoice, field: "invoiceNumber", from: "INV-1", to: "INV-2" }),
  words({ kind: "assigned_project", subject: invoice, field: "issueDate", from: "2026-01-01", to: "2026-01-02" }),
  words({ kind: "assigned_project", subject: invoice, field: "dueDate", from: "2026-01-01", to: "2026-01-02" }),
  words({ kind: "assigned_project", subject: invoice, field: "pdfUrl", from: "x", to: "y" }),
  words({ kind: "assigned_project", subject: invoice, field: "notes", from: "x", to: "y" }),
  words({ kind: "assigned_project", subject: company, field: "status" }),
];

describe("notificationText", () => {
  it.each(cases.map((n) => [describeNotification(n), n] as const))("reads, in English, as the mails do: %s", (english, n) => {
    expect(notificationText(n)).toBe(english);
  });

  it("writes a payment's amount with the money it is given, as the mails do", () => {
    const money = { money: (amount: string) => formatCurrency(amount, "USD", "en-US") };
    for (const n of cases.filter(({ kind }) => kind === "payment_received" || kind === "customer_payment")) expect(notificationText(n, money)).toBe(describeNotification(n, money));
    expect(notificationText(words({ kind: "customer_payment", subject: invoice, to: "40", excerpt: "Acme Ltd" }), money)).toBe("Acme Ltd paid $40.00 for invoice INV-7");
  });
});

describe("notificationText in German", () => {
  // The compiled catalogue as a German reader's browser loads it, every area's layer.
  beforeAll(() => i18n.loadAndActivate({ locale: "de", messages: { ...publicGerman, ...customerGerman, ...adminGerman } }));
  afterAll(() => i18n.loadAndActivate({ locale: "en", messages: {} }));
  const euros = { money: (amount: string) => formatCurrency(amount, "EUR", "de-DE") };

  it("words a payment for its members and for the team, the amount in the installation's currency", () => {
    expect(notificationText(words({ kind: "payment_received", subject: invoice, to: "1234.5" }), euros)).toBe("Zahlung über 1.234,50\u00a0€ für Rechnung INV-7 eingegangen");
    expect(notificationText(words({ kind: "payment_received", subject: invoice, to: null }), euros)).toBe("Zahlung über einen Betrag für Rechnung INV-7 eingegangen");
    expect(notificationText(words({ kind: "customer_payment", subject: invoice, to: "40.00", excerpt: "Acme Ltd" }), euros)).toBe("Acme Ltd hat 40,00\u00a0€ für Rechnung INV-7 bezahlt");
  });
});
