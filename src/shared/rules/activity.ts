import { formatAmount, formatDate } from "../format";
import { eachInvoiceTextField } from "./invoice-fields";
import { invoiceStatusLabels, projectStatusLabels, ticketPriorityLabels, ticketStatusLabels } from "../enums";

/**
 * The history of a project, ticket, invoice or quote (ADR 028): who created it, changed a field
 * (from → to), commented on it or attached a file, and when. Written by the server in the
 * transaction of the change; read on the record's page and in its company's "Recent activity".
 */
export const activitySubjects = ["project", "ticket", "invoice", "quote"] as const;
export type ActivitySubject = (typeof activitySubjects)[number];

/**
 * `payment_recorded`, `payment_removed` and `payment_refunded` (ADR 043) keep the amount in `to`:
 * money received, an admin's removal, a provider's refund. `sent`, `accepted` and `declined` are a
 * quote's (ADR 049): the quote itself shows the signature, the invoice it made and a decline's reason.
 */
export const activityKinds = [
  "created",
  "changed",
  "issued",
  "commented",
  "attached",
  "payment_recorded",
  "payment_removed",
  "payment_refunded",
  "sent",
  "accepted",
  "declined",
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/**
 * The fields whose changes are recorded, and how each reads. `values: false` records that the
 * field changed but not its text (a description can be pages long; an invoice's notes are the
 * provider's to word, the invoice shows them).
 */
interface FieldRule {
  label: string;
  values: boolean;
  show?: (value: string) => string;
}

const labelOf = (labels: Record<string, string>) => (value: string) => labels[value] ?? value;

export const activityFields = {
  project: {
    name: { label: "name", values: true },
    description: { label: "description", values: false },
    status: { label: "status", values: true, show: labelOf(projectStatusLabels) },
    assignedTo: { label: "assignee", values: true },
    startDate: { label: "start date", values: true, show: (value) => formatDate(value) },
    endDate: { label: "end date", values: true, show: (value) => formatDate(value) },
  },
  ticket: {
    title: { label: "title", values: true },
    description: { label: "description", values: false },
    status: { label: "status", values: true, show: labelOf(ticketStatusLabels) },
    priority: { label: "priority", values: true, show: labelOf(ticketPriorityLabels) },
    assignedTo: { label: "assignee", values: true },
  },
  invoice: {
    status: { label: "status", values: true, show: labelOf(invoiceStatusLabels) },
    invoiceNumber: { label: "number", values: true },
    issueDate: { label: "issue date", values: true, show: (value) => formatDate(value) },
    dueDate: { label: "due date", values: true, show: (value) => formatDate(value) },
    // Shown through `describeActivity`'s `money`, in the installation's currency.
    amount: { label: "amount", values: true, show: formatAmount },
    pdfUrl: { label: "PDF link", values: false },
    // The text fields (notes…): each as its entry in rules/invoice-fields.ts says.
    ...eachInvoiceTextField((field) => field.history),
  },
  // A draft's edits (admins only): what the customer will be asked to sign.
  quote: {
    title: { label: "title", values: true },
    amount: { label: "amount", values: true, show: formatAmount },
    validUntil: { label: "valid-until date", values: true, show: (value) => formatDate(value) },
    notes: { label: "notes", values: false },
    terms: { label: "terms", values: false },
  },
} as const satisfies Record<ActivitySubject, Record<string, FieldRule>>;

export type ActivityField<S extends ActivitySubject> = keyof (typeof activityFields)[S] & string;

export const activitySubjectLabels: Record<ActivitySubject, string> = { project: "project", ticket: "ticket", invoice: "invoice", quote: "quote" };

/** How many entries a record's timeline or a company's feed sends per page. */
export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 100;
/** The longest value kept for a field's before or after (a title or a name fits whole). */
export const ACTIVITY_VALUE_MAX = 300;

export interface ActivityWords {
  subject: ActivitySubject;
  kind: ActivityKind;
  field: string | null;
  from: string | null;
  to: string | null;
}

const rulesOf = (subject: ActivitySubject): Record<string, FieldRule> => activityFields[subject];

/** A value as the timeline shows it: "Doing", "Mar 1, 2026", "$1,200.00"; "none" when cleared. */
function shown(rule: FieldRule | undefined, value: string | null, money: ((amount: string) => string) | undefined): string {
  if (value === null || value === "") return "none";
  if (rule?.show === formatAmount && money) return money(value);
  return rule?.show ? rule.show(value) : value;
}

/** A payment entry's amount (its `to`), in the installation's currency when `money` is given; a notification of it says the same. */
export const paidAmount = (to: string | null, money: ((amount: string) => string) | undefined) => (to ? (money ?? formatAmount)(to) : "an amount");

/**
 * What an entry says after the actor's name: "changed status from Pending to Doing",
 * "created this ticket", "attached report.pdf". One wording for the timeline and the feed.
 * `money` writes an amount in the installation's currency (without it: "1,200.00").
 */
export function describeActivity(entry: ActivityWords, { money }: { money?: (amount: string) => string } = {}): string {
  const noun = activitySubjectLabels[entry.subject];
  switch (entry.kind) {
    case "created":
      return `created this ${noun}`;
    case "issued":
      return `issued this ${noun}`;
    // A quote's own steps: no other subject is sent or answered.
    case "sent":
      return "sent this quote";
    case "accepted":
      return "accepted this quote";
    case "declined":
      return "declined this quote";
    case "commented":
      return "commented";
    case "attached":
      return entry.to ? `attached ${entry.to}` : "attached a file";
    case "payment_recorded":
      return `recorded a payment of ${paidAmount(entry.to, money)}`;
    case "payment_removed":
      return `removed a payment of ${paidAmount(entry.to, money)}`;
    case "payment_refunded":
      return `refunded ${paidAmount(entry.to, money)} of a payment`;
    case "changed": {
      const rule = entry.field ? rulesOf(entry.subject)[entry.field] : undefined;
      const label = rule?.label ?? entry.field ?? "a field";
      if (!rule?.values) return `changed the ${label}`;
      return `changed ${label} from ${shown(rule, entry.from, money)} to ${shown(rule, entry.to, money)}`;
    }
  }
}
