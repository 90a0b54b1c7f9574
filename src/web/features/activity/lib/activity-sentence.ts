import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { formatAmount } from "@/shared/format";
import { activityFields, type ActivityField, type ActivitySubject, type ActivityWords } from "@/shared/rules/activity";
import { invoiceFieldWords } from "@/web/lib/i18n/invoice-field-words";
import { invoiceStatusMessages, projectStatusMessages, ticketPriorityMessages, ticketStatusMessages } from "@/web/lib/i18n/labels";

/**
 * The activity timeline's sentences in the reader's language. The server's English wording
 * (`describeActivity` in shared/rules/activity.ts) stays the shared one; here each kind and shape
 * is one whole catalogue message with placeholders, so a language can order the words its own way.
 * The English of every message is the shared wording word for word (activity-sentence.test.ts).
 * The rules themselves (which fields keep their values, how a date or an amount reads) are the
 * shared module's.
 */

interface FieldRule {
  label: string;
  values: boolean;
  show?: (value: string) => string;
}

type FieldMessages = { [S in ActivitySubject]: Record<ActivityField<S>, MessageDescriptor> };

const textFieldMessages = (context: "historyAfterActor" | "historyWithoutActor") =>
  Object.fromEntries(Object.entries(invoiceFieldWords).map(([name, words]) => [name, words[context]])) as Record<keyof typeof invoiceFieldWords, MessageDescriptor>;

/**
 * A field's name in a line that names its actor ("Olivia Owner changed status from…"). Languages
 * put in what the sentence needs there (German: the accusative article, "den Status").
 */
const fieldsAfterActor: FieldMessages = {
  project: {
    name: msg({ message: "name", context: "activity field, after a name" }),
    description: msg({ message: "description", context: "activity field, after a name" }),
    status: msg({ message: "status", context: "activity field, after a name" }),
    assignedTo: msg({ message: "assignee", context: "activity field, after a name" }),
    startDate: msg({ message: "start date", context: "activity field, after a name" }),
    endDate: msg({ message: "end date", context: "activity field, after a name" }),
  },
  ticket: {
    title: msg({ message: "title", context: "activity field, after a name" }),
    description: msg({ message: "description", context: "activity field, after a name" }),
    status: msg({ message: "status", context: "activity field, after a name" }),
    priority: msg({ message: "priority", context: "activity field, after a name" }),
    assignedTo: msg({ message: "assignee", context: "activity field, after a name" }),
  },
  invoice: {
    status: msg({ message: "status", context: "activity field, after a name" }),
    invoiceNumber: msg({ message: "number", context: "activity field, after a name" }),
    issueDate: msg({ message: "issue date", context: "activity field, after a name" }),
    dueDate: msg({ message: "due date", context: "activity field, after a name" }),
    amount: msg({ message: "amount", context: "activity field, after a name" }),
    pdfUrl: msg({ message: "PDF link", context: "activity field, after a name" }),
    // The text fields' names are their words' (invoice-field-words.ts).
    ...textFieldMessages("historyAfterActor"),
  },
  quote: {
    title: msg({ message: "title", context: "activity field, after a name" }),
    amount: msg({ message: "amount", context: "activity field, after a name" }),
    validUntil: msg({ message: "valid-until date", context: "activity field, after a name" }),
    notes: msg({ message: "notes", context: "activity field, after a name" }),
    terms: msg({ message: "terms", context: "activity field, after a name" }),
  },
};

/**
 * The same names in a line with no actor recorded ("Changed status from…"), which starts with
 * the verb in English and may be worded differently (German: a short "Status … geändert").
 */
const fieldsWithoutActor: FieldMessages = {
  project: {
    name: msg({ message: "name", context: "activity field, no actor" }),
    description: msg({ message: "description", context: "activity field, no actor" }),
    status: msg({ message: "status", context: "activity field, no actor" }),
    assignedTo: msg({ message: "assignee", context: "activity field, no actor" }),
    startDate: msg({ message: "start date", context: "activity field, no actor" }),
    endDate: msg({ message: "end date", context: "activity field, no actor" }),
  },
  ticket: {
    title: msg({ message: "title", context: "activity field, no actor" }),
    description: msg({ message: "description", context: "activity field, no actor" }),
    status: msg({ message: "status", context: "activity field, no actor" }),
    priority: msg({ message: "priority", context: "activity field, no actor" }),
    assignedTo: msg({ message: "assignee", context: "activity field, no actor" }),
  },
  invoice: {
    status: msg({ message: "status", context: "activity field, no actor" }),
    invoiceNumber: msg({ message: "number", context: "activity field, no actor" }),
    issueDate: msg({ message: "issue date", context: "activity field, no actor" }),
    dueDate: msg({ message: "due date", context: "activity field, no actor" }),
    amount: msg({ message: "amount", context: "activity field, no actor" }),
    pdfUrl: msg({ message: "PDF link", context: "activity field, no actor" }),
    ...textFieldMessages("historyWithoutActor"),
  },
  quote: {
    title: msg({ message: "title", context: "activity field, no actor" }),
    amount: msg({ message: "amount", context: "activity field, no actor" }),
    validUntil: msg({ message: "valid-until date", context: "activity field, no actor" }),
    notes: msg({ message: "notes", context: "activity field, no actor" }),
    terms: msg({ message: "terms", context: "activity field, no actor" }),
  },
};

/** An entry that names no field (the shared wording says "a field"). */
const someFieldAfterActor = msg({ message: "a field", context: "activity field, after a name" });
const someFieldWithoutActor = msg({ message: "a field", context: "activity field, no actor" });

/** The fields whose values are codes of a shared enum: each value in the reader's language. */
const enumValues: { [S in ActivitySubject]: Partial<Record<ActivityField<S>, Record<string, MessageDescriptor>>> } = {
  project: { status: projectStatusMessages },
  ticket: { status: ticketStatusMessages, priority: ticketPriorityMessages },
  invoice: { status: invoiceStatusMessages },
  quote: {},
};

/** What a record is called in a company's feed ("· ticket Login fails"). */
export const activitySubjectMessages: Record<ActivitySubject, MessageDescriptor> = {
  project: msg({ message: "project", context: "activity subject" }),
  ticket: msg({ message: "ticket", context: "activity subject" }),
  invoice: msg({ message: "invoice", context: "activity subject" }),
  quote: msg({ message: "quote", context: "activity subject" }),
};

/** For the test: the catalogue maps beside the shared data they translate. */
export const activityMessageMaps = { fieldsAfterActor, fieldsWithoutActor, enumValues };

const rulesOf = (subject: ActivitySubject): Record<string, FieldRule> => activityFields[subject];

/** `record[key]` for a key that came over the wire (an own property only, never "toString"). */
function lookup<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A value as the timeline shows it ("Doing", "Mar 1, 2026", "$1,200.00"); null when it was empty. */
function shown(entry: ActivityWords, rule: FieldRule, value: string | null, i18n: I18n, money: ((amount: string) => string) | undefined): string | null {
  if (value === null || value === "") return null;
  const labels = entry.field ? lookup<Record<string, MessageDescriptor> | undefined>(enumValues[entry.subject], entry.field) : undefined;
  if (labels) {
    const label = lookup(labels, value);
    return label ? i18n._(label) : value;
  }
  if (rule.show === formatAmount && money) return money(value);
  return rule.show ? rule.show(value) : value;
}

export interface SentenceOptions {
  /** Who did it, as they were called then; null or undefined when not recorded. */
  actor?: string | null | undefined;
  /** An amount in the installation's currency (without it: "1,200.00"). */
  money?: (amount: string) => string;
}

/**
 * The whole line of one entry: "Olivia Owner changed status from Pending to Doing", or, with no
 * actor recorded, "Changed status from Pending to Doing". The actor, field, before and after and
 * file name are the message's placeholders.
 */
export function activitySentence(entry: ActivityWords, i18n: I18n, options: SentenceOptions = {}): MessageDescriptor {
  const actor = options.actor ?? "";
  const named = actor !== "";
  switch (entry.kind) {
    case "created":
      return createdSentence(entry.subject, actor);
    case "issued":
      return issuedSentence(entry.subject, actor);
    // A quote's own steps (ADR 049).
    case "sent":
      return named ? msg`${actor} sent this quote` : msg`Sent this quote`;
    case "accepted":
      return named ? msg`${actor} accepted this quote` : msg`Accepted this quote`;
    case "declined":
      return named ? msg`${actor} declined this quote` : msg`Declined this quote`;
    case "commented":
      return named ? msg`${actor} commented` : msg`Commented`;
    case "attached": {
      const file = entry.to;
      if (file) return named ? msg`${actor} attached ${file}` : msg`Attached ${file}`;
      return named ? msg`${actor} attached a file` : msg`Attached a file`;
    }
    case "payment_recorded":
    case "payment_removed":
    case "payment_refunded":
      return paymentSentence(entry, i18n, actor, options.money);
    case "changed":
      return changedSentence(entry, i18n, actor, options.money);
  }
}

/** An entry without its amount (the shared wording says "an amount"). */
const someAmount = msg({ message: "an amount", context: "activity payment" });

/** A payment's line: its amount (the entry's `to`) in the installation's currency, as the shared wording writes it. */
function paymentSentence(entry: ActivityWords, i18n: I18n, actor: string, money: ((amount: string) => string) | undefined): MessageDescriptor {
  const amount = entry.to ? (money ?? formatAmount)(entry.to) : i18n._(someAmount);
  const named = actor !== "";
  switch (entry.kind) {
    case "payment_removed":
      return named ? msg`${actor} removed a payment of ${amount}` : msg`Removed a payment of ${amount}`;
    case "payment_refunded":
      return named ? msg`${actor} refunded ${amount} of a payment` : msg`Refunded ${amount} of a payment`;
    default:
      return named ? msg`${actor} recorded a payment of ${amount}` : msg`Recorded a payment of ${amount}`;
  }
}

function createdSentence(subject: ActivitySubject, actor: string): MessageDescriptor {
  switch (subject) {
    case "project":
      return actor ? msg`${actor} created this project` : msg`Created this project`;
    case "ticket":
      return actor ? msg`${actor} created this ticket` : msg`Created this ticket`;
    case "invoice":
      return actor ? msg`${actor} created this invoice` : msg`Created this invoice`;
    case "quote":
      return actor ? msg`${actor} created this quote` : msg`Created this quote`;
  }
}

/** Only invoices are issued; the other subjects' wording follows the shared module's all the same. */
function issuedSentence(subject: ActivitySubject, actor: string): MessageDescriptor {
  switch (subject) {
    case "project":
      return actor ? msg`${actor} issued this project` : msg`Issued this project`;
    case "ticket":
      return actor ? msg`${actor} issued this ticket` : msg`Issued this ticket`;
    case "invoice":
      return actor ? msg`${actor} issued this invoice` : msg`Issued this invoice`;
    case "quote":
      return actor ? msg`${actor} issued this quote` : msg`Issued this quote`;
  }
}

function changedSentence(entry: ActivityWords, i18n: I18n, actor: string, money: ((amount: string) => string) | undefined): MessageDescriptor {
  const named = actor !== "";
  const rule = entry.field ? lookup(rulesOf(entry.subject), entry.field) : undefined;
  const names: Record<string, MessageDescriptor> = (named ? fieldsAfterActor : fieldsWithoutActor)[entry.subject];
  const known = entry.field ? lookup(names, entry.field) : undefined;
  // A field the shared list does not know is named by its code, as the shared wording does.
  const field = known ? i18n._(known) : (entry.field ?? i18n._(named ? someFieldAfterActor : someFieldWithoutActor));
  if (!rule?.values) return named ? msg`${actor} changed the ${field}` : msg`Changed the ${field}`;

  const from = shown(entry, rule, entry.from, i18n, money);
  const to = shown(entry, rule, entry.to, i18n, money);
  if (from !== null && to !== null) return named ? msg`${actor} changed ${field} from ${from} to ${to}` : msg`Changed ${field} from ${from} to ${to}`;
  if (to !== null) return named ? msg`${actor} changed ${field} from none to ${to}` : msg`Changed ${field} from none to ${to}`;
  if (from !== null) return named ? msg`${actor} changed ${field} from ${from} to none` : msg`Changed ${field} from ${from} to none`;
  return named ? msg`${actor} changed ${field} from none to none` : msg`Changed ${field} from none to none`;
}
