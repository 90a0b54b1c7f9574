/** Status and priority values (DESIGN D2, D4-D6), shared by the database, the API and the UI. */
export const roles = ["admin", "customer"] as const;
export type Role = (typeof roles)[number];

export const projectStatuses = ["active", "on_hold", "completed"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export const projectStatusLabels: Record<ProjectStatus, string> = {
  active: "Active",
  on_hold: "On hold",
  completed: "Completed",
};

export const ticketStatuses = ["pending", "doing", "done"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketStatusLabels: Record<TicketStatus, string> = {
  pending: "Pending",
  doing: "Doing",
  done: "Done",
};

export const ticketPriorities = ["low", "medium", "high", "urgent"] as const;
export type TicketPriority = (typeof ticketPriorities)[number];
export const ticketPriorityLabels: Record<TicketPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

/**
 * `draft` is the admins' work in progress, never shown to customers; "issued" means unpaid,
 * partially paid, paid or void (ADR 026). `void` is an issued invoice cancelled, usually by the one
 * that re-issues it. `partially_paid` follows from payments alone (ADR 043): it is an unpaid
 * invoice some of whose amount was paid, derived when read, never stored or set by hand.
 */
export const invoiceStatuses = ["draft", "unpaid", "partially_paid", "paid", "void"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: "Draft",
  unpaid: "Unpaid",
  partially_paid: "Partially paid",
  paid: "Paid",
  void: "Void",
};
/**
 * The statuses an invoice row stores and an admin sets by hand (the create and edit forms): an
 * unpaid one stays `unpaid` while payments cover part of it, so "owed" is one stored value (the
 * overdue index, the balance) and no migration adds an enum value.
 */
export const storedInvoiceStatuses = ["draft", "unpaid", "paid", "void"] as const satisfies readonly InvoiceStatus[];
export type StoredInvoiceStatus = (typeof storedInvoiceStatuses)[number];

/**
 * How a payment arrived (ADR 043): `bank_transfer` and `cash` are recorded by an admin; `card` is
 * an online payment a provider confirmed by its signed webhook.
 */
export const paymentMethods = ["bank_transfer", "cash", "card"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  bank_transfer: "Bank transfer",
  cash: "Cash",
  card: "Card (online)",
};
/** The methods an admin records by hand. */
export const manualPaymentMethods = ["bank_transfer", "cash"] as const satisfies readonly PaymentMethod[];
export type ManualPaymentMethod = (typeof manualPaymentMethods)[number];

/**
 * Where an outgoing mail is (D13). `queued` waits for the worker (also while it retries);
 * `sent` was accepted by the SMTP server; `logged` was printed to the server log because no
 * SMTP_URL is set (it stays readable at /admin/outbox); `failed` was refused for good or ran out
 * of attempts, with the server's answer kept.
 */
export const mailStatuses = ["queued", "sent", "logged", "failed"] as const;
export type MailStatus = (typeof mailStatuses)[number];
export const mailStatusLabels: Record<MailStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  logged: "Logged (no SMTP)",
  failed: "Failed",
};

/**
 * A member's standing in their company (ADR 015): the `owner` manages the team (invites, removes,
 * names other owners), a `member` sees it. A company with members always keeps an owner.
 */
export const companyRoles = ["owner", "member"] as const;
export type CompanyRole = (typeof companyRoles)[number];
export const companyRoleLabels: Record<CompanyRole, string> = {
  owner: "Owner",
  member: "Member",
};

/** Who may sign up (ADR 015): anyone (the spec's behaviour), or only whoever holds an invitation. */
export const signupModes = ["open", "invite"] as const;
export type SignupMode = (typeof signupModes)[number];
