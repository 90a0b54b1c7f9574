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
 * `draft` is the admins' work in progress, never shown to customers; "issued" means unpaid, paid or
 * void (ADR 026). `void` is an issued invoice cancelled, usually by the one that re-issues it.
 */
export const invoiceStatuses = ["draft", "unpaid", "paid", "void"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: "Draft",
  unpaid: "Unpaid",
  paid: "Paid",
  void: "Void",
};

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
