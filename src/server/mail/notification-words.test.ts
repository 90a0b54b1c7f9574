import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceStatusLabels, projectStatusLabels, ticketPriorityLabels, ticketStatusLabels } from "@/shared/enums";
import { getFormatLocale, setFormatLocale } from "@/shared/format";
import { activityFields, activitySubjects } from "@/shared/rules/activity";
import { describeNotification, excerptIsNamed, notificationKindLabels, notificationKinds, type NotificationKind, type NotificationWords } from "@/shared/rules/notifications";
import { translator } from "./i18n";
import {
  fieldWords,
  invoiceStatusMessages,
  notificationKindMessages,
  notificationLineWriter,
  projectStatusMessages,
  ticketPriorityMessages,
  ticketStatusMessages,
} from "./notification-words";

// describeActivity writes dates in shared/format's locale; the English mail writes them as en-US.
const formatLocale = getFormatLocale();
beforeAll(() => setFormatLocale("en-US"));
afterAll(() => setFormatLocale(formatLocale));

const subjectOf = (type: NotificationWords["subject"]["type"], label = "Login fails") => ({ type, id: "00000000-0000-4000-8000-000000000001", label, slug: null });

function words(kind: NotificationKind, more: Partial<NotificationWords> = {}): NotificationWords {
  return { kind, subject: subjectOf("ticket"), actorName: "Alex Admin", field: null, from: null, to: null, excerpt: null, ...more };
}

/** What the mail said before it had languages: the panel's sentence, amounts in dollars, the excerpt quoted. */
function panelLine(n: NotificationWords, currency: string) {
  const money = new Intl.NumberFormat("en-US", { style: "currency", currency });
  const sentence = describeNotification(n, { money: (amount) => money.format(amount as Intl.StringNumericLiteral) });
  return n.excerpt && !excerptIsNamed(n.kind) ? `${sentence}: “${n.excerpt}”` : sentence;
}

/** Values of each field as stored, a few that no label knows among them; "Website relaunch" for the rest. */
const samples: Record<string, string[]> = {
  "project.status": [...Object.keys(projectStatusLabels), "archived"],
  "ticket.status": [...Object.keys(ticketStatusLabels), "archived"],
  "invoice.status": [...Object.keys(invoiceStatusLabels), "archived"],
  "ticket.priority": [...Object.keys(ticketPriorityLabels), "someday"],
  "project.startDate": ["2026-03-01", "not a date"],
  "project.endDate": ["2026-12-24"],
  "invoice.issueDate": ["2026-01-31"],
  "invoice.dueDate": ["2026-02-28"],
  "invoice.amount": ["1200.5", "-3.10", "0"],
};

/** Every notification a mail can hold: each kind, with and without an actor, an excerpt, values, each field of each record. */
function everyNotification(): NotificationWords[] {
  const all: NotificationWords[] = [];
  for (const kind of notificationKinds) {
    for (const actorName of ["Alex Admin", null]) {
      all.push(words(kind, { actorName }));
      all.push(words(kind, { actorName, excerpt: "Looking into it" }));
    }
  }
  for (const from of [null, "", ...Object.keys(ticketStatusLabels), "archived"]) {
    all.push(words("ticket_status", { field: "status", from, to: "done" }), words("ticket_status", { field: "status", from: "pending", to: from }));
  }
  for (const subject of activitySubjects) {
    for (const field of [...Object.keys(activityFields[subject]), "budget"]) {
      const values = samples[`${subject}.${field}`] ?? ["Website relaunch"];
      for (const value of [...values, null]) all.push(words("assigned_project", { subject: subjectOf(subject), field, from: value, to: values[0]! }));
    }
  }
  for (const type of ["conversation", "company"] as const) all.push(words("assigned_project", { subject: subjectOf(type, "Acme Ltd"), field: "status", from: "active", to: "on_hold" }));
  all.push(words("member_joined", { subject: subjectOf("company", "Acme Ltd"), excerpt: "Ivy Invitee" }));
  for (const to of samples["invoice.amount"]!) {
    all.push(words("payment_received", { subject: subjectOf("invoice", "INV-0007"), to }));
    all.push(words("customer_payment", { subject: subjectOf("invoice", "INV-0007"), to, excerpt: "Acme Ltd" }));
  }
  return all;
}

describe("a notification's line in English", () => {
  it("is the panel's describeNotification word for word, for every kind, field and value", () => {
    for (const currency of ["USD", "EUR"]) {
      const line = notificationLineWriter(translator("en"), currency);
      for (const n of everyNotification()) expect(line(n), JSON.stringify(n)).toBe(panelLine(n, currency));
    }
  });

  it("names kinds, statuses, priorities and fields as the shared labels do", () => {
    const t = translator("en");
    const english = (messages: Record<string, { id: string; message: string }>) => Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, t(message)]));
    expect(english(notificationKindMessages)).toEqual(notificationKindLabels);
    expect(english(ticketStatusMessages)).toEqual(ticketStatusLabels);
    expect(english(projectStatusMessages)).toEqual(projectStatusLabels);
    expect(english(invoiceStatusMessages)).toEqual(invoiceStatusLabels);
    expect(english(ticketPriorityMessages)).toEqual(ticketPriorityLabels);
    for (const subject of activitySubjects) {
      const rules: Record<string, { label: string; values: boolean }> = activityFields[subject];
      const words = fieldWords[subject] as Record<string, { label: { id: string; message: string }; values: boolean }>;
      expect(Object.keys(words).sort(), subject).toEqual(Object.keys(rules).sort());
      for (const [field, rule] of Object.entries(rules)) {
        expect({ label: t(words[field]!.label), values: words[field]!.values }, `${subject}.${field}`).toEqual({ label: rule.label, values: rule.values });
      }
    }
  });
});

describe("a notification's line in German", () => {
  const line = notificationLineWriter(translator("de"), "EUR");

  it("is a German sentence per kind, with statuses, fields, dates and money as German writes them", () => {
    expect(line(words("ticket_status", { field: "status", from: "pending", to: "doing" }))).toBe("Alex Admin hat den Status des Tickets Login fails von Offen auf In Arbeit geändert");
    expect(line(words("ticket_status", { actorName: null, field: "status", from: null, to: "done" }))).toBe("Jemand hat den Status des Tickets Login fails von (leer) auf Erledigt geändert");
    expect(line(words("message", { subject: subjectOf("conversation", "Acme Ltd"), excerpt: "Hallo!" }))).toBe("Alex Admin hat Ihnen eine Nachricht gesendet: „Hallo!“");
    expect(line(words("customer_message", { subject: subjectOf("conversation", "Acme Ltd") }))).toBe("Alex Admin von Acme Ltd hat eine Nachricht gesendet");
    expect(line(words("comment_reply"))).toBe("Alex Admin hat Login fails kommentiert");
    expect(line(words("invoice_issued", { subject: subjectOf("invoice", "INV-0007") }))).toBe("Neue Rechnung INV-0007");
    expect(line(words("invoice_overdue", { subject: subjectOf("invoice", "INV-0007") }))).toBe("Rechnung INV-0007 ist überfällig");
    expect(line(words("project_created", { subject: subjectOf("project", "Relaunch") }))).toBe("Neues Projekt Relaunch");
    expect(line(words("ticket_created"))).toBe("Alex Admin hat das Ticket Login fails eröffnet");
    expect(line(words("member_joined", { subject: subjectOf("company", "Acme Ltd"), excerpt: "Ivy Invitee" }))).toBe("Ivy Invitee ist Acme Ltd beigetreten");
    const paid = (kind: NotificationKind, more: Partial<NotificationWords>) => line(words(kind, { subject: subjectOf("invoice", "INV-0007"), ...more }));
    expect(paid("payment_received", { to: "1200.5" })).toBe("Zahlung über 1.200,50\u00a0€ für Rechnung INV-0007 eingegangen");
    expect(paid("payment_received", { to: null })).toBe("Zahlung über einen Betrag für Rechnung INV-0007 eingegangen");
    expect(paid("customer_payment", { to: "40.00", excerpt: "Acme Ltd" })).toBe("Acme Ltd hat 40,00\u00a0€ für Rechnung INV-0007 bezahlt");
    const onProject = (more: Partial<NotificationWords>) => line(words("assigned_project", { subject: subjectOf("project", "Relaunch"), ...more }));
    expect(onProject({ field: "status", from: "active", to: "on_hold" })).toBe("Alex Admin hat bei Relaunch das Feld „Status“ von Aktiv auf Pausiert geändert");
    expect(onProject({ field: "endDate", from: null, to: "2026-03-01" })).toBe("Alex Admin hat bei Relaunch das Feld „Enddatum“ von (leer) auf 1. März 2026 geändert");
    expect(onProject({ field: "description" })).toBe("Alex Admin hat bei Relaunch das Feld „Beschreibung“ geändert");
    expect(onProject({ excerpt: "Sieht gut aus" })).toBe("Alex Admin hat Relaunch kommentiert: „Sieht gut aus“");
    const onInvoice = (more: Partial<NotificationWords>) => line(words("assigned_project", { subject: subjectOf("invoice", "INV-0007"), ...more }));
    expect(onInvoice({ field: "amount", from: "1200.5", to: "99" })).toBe("Alex Admin hat bei INV-0007 das Feld „Betrag“ von 1.200,50\u00a0€ auf 99,00\u00a0€ geändert");
    expect(onInvoice({ field: "status", from: "unpaid", to: "void" })).toBe("Alex Admin hat bei INV-0007 das Feld „Status“ von Unbezahlt auf Storniert geändert");
    expect(line(words("assigned_project", { field: "priority", from: "low", to: "urgent" }))).toBe("Alex Admin hat bei Login fails das Feld „Priorität“ von Niedrig auf Dringend geändert");
  });

  it("leaves no English word of the panel's sentence in any line", () => {
    const englishWords = /\b(changed|the|from|to|on|of|sent|you|message|commented|new|invoice|project|is|overdue|opened|joined|updated|someone|none|pending|doing|done|active|hold|completed|draft|unpaid|paid|void|low|medium|high|urgent|date|amount|number|notes|title|priority|assignee|description)\b/i;
    for (const n of everyNotification()) {
      const german = line({ ...n, subject: { ...n.subject, label: "Musterprojekt" }, actorName: n.actorName && "Erika Mustermann", excerpt: n.excerpt && "Wird erledigt" });
      const withoutValues = german.replace(/\b(Website relaunch|archived|someday|budget|not a date)\b/g, "");
      expect(withoutValues, german).not.toMatch(englishWords);
    }
  });
});
