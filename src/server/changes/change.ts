import type { PaymentMethod, Role } from "@/shared/enums";
import type { ActivityKind, ActivitySubject } from "@/shared/rules/activity";
import type { AuditKind } from "@/shared/rules/audit";
import type { PorticoEvent } from "@/shared/schemas/event";
import type { Database } from "@/server/db/client";

/*
 * What a write changed, described once (ADR 040). A service builds one `Change` per write and
 * hands it to `ctx.record(tx, change)` inside the write's transaction; the listeners registered at
 * start-up (changes/listeners.ts) each take the parts they need: the history, the notifications,
 * the webhook deliveries, the audit log and the realtime announcement. These types depend on
 * nothing but shared rules, so the listeners depend on them and never the reverse.
 */

/** Who made a change, as much as the listeners ask: `can()` needs the role and company. */
export interface ChangeActor {
  /** Null for no user of the portal (a payment provider's webhook, actor.ts SystemActor): the history stores nobody and shows `name`. */
  userId: string | null;
  name: string;
  role: Role;
  companyId: string | null;
}

/** The record a history entry is about, and the company whose members may read it. */
export interface RecordRef {
  type: ActivitySubject;
  id: string;
  companyId: string;
}

/** One line of a record's history: created, a field changed from → to, commented, attached, issued. */
export interface HistoryEntry {
  kind: ActivityKind;
  field?: string;
  from?: string | null;
  to?: string | null;
}

/**
 * Entries of one record's history (ADR 028), by one actor. `adminOnly` hides them from customers
 * (a draft invoice's), and so from notifications and webhooks; `excerpt` is a comment's text and
 * `commentId` its id.
 */
export interface HistoryChange {
  actor: ChangeActor;
  subject: RecordRef;
  entries: readonly HistoryEntry[];
  adminOnly?: boolean;
  excerpt?: string;
  commentId?: string;
}

/** A chat message stored (ADR 029, 031). */
export interface MessageSent {
  actor: ChangeActor;
  companyId: string;
  id: string;
  content: string;
}

/** Someone joined a company by an invitation; `name` is their profile's, null when they have none yet. */
export interface MemberJoined {
  companyId: string;
  userId: string;
  name: string | null;
  email: string;
}

/** A company made by an admin or by a customer's profile form. */
export interface CompanyCreated {
  actor: { userId: string | null; name: string | null };
  companyId: string;
}

/** An invoice found overdue by the reminder job: nobody acted. */
export interface InvoiceOverdue {
  companyId: string;
  invoiceId: string;
}

/**
 * A payment recorded for an invoice (ADR 043), by an admin or confirmed by a provider's webhook:
 * its receipt goes by mail (with a PDF receipt attached) to `payerId` when an online payer is
 * known, else to the company's owners. `amountDue` is what is left after it.
 */
export interface PaymentRecorded {
  paymentId: string;
  invoiceId: string;
  invoiceNumber: string;
  companyId: string;
  amount: string;
  amountDue: string;
  currency: string;
  method: PaymentMethod;
  paidOn: string;
  /** The customer who paid online; null for a payment an admin recorded. */
  payerId: string | null;
}

/** A quote sent, accepted or declined (ADR 049): a webhook event of its own, outside any record's history. */
export interface QuoteEvent {
  type: "quote.sent" | "quote.accepted" | "quote.declined";
  companyId: string;
  quoteId: string;
  quoteNumber: string;
  actor: { userId: string | null; name: string };
  /** The invoice the acceptance made, if any. */
  invoiceId?: string | null;
}

/** One audit entry (ADR 027) as a caller describes it; `at` and `id` are the database's. */
export interface AuditEntry {
  kind: AuditKind;
  actorId?: string | null;
  actorEmail?: string | null;
  companyId?: string | null;
  target?: { type: string; id?: string | null; label?: string | null };
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, string | number | boolean | null>;
}

type OneOrMore<T> = T | readonly T[];

/** Everything one write changed; each part is optional, and a listener ignores the parts it has no use for. */
export interface Change {
  history?: OneOrMore<HistoryChange>;
  message?: MessageSent;
  memberJoined?: MemberJoined;
  companyCreated?: CompanyCreated;
  invoiceOverdue?: InvoiceOverdue;
  paymentRecorded?: PaymentRecorded;
  quote?: QuoteEvent;
  audit?: OneOrMore<AuditEntry>;
  /** What open screens refetch by (ADR 038): a NOTIFY heard at the commit, never on a rollback. */
  announce?: OneOrMore<PorticoEvent>;
}

/** A part given once or as a list, as a list. */
export const listOf = <T>(part: OneOrMore<T> | undefined): readonly T[] => (part === undefined ? [] : Array.isArray(part) ? part : [part as T]);

/** The transaction of the write (or, for a change already committed or a read that is audited, the database). */
export type ChangeWriter = Database;

/** One side effect of changes: writes its rows in the change's transaction, or does nothing for a change that is not its business. */
export type ChangeListener = (tx: ChangeWriter, change: Change) => Promise<void>;

/** `ctx.record`: hands a change to every listener, in order, in the caller's transaction. */
export type ChangeRecorder = (tx: ChangeWriter, change: Change) => Promise<void>;
