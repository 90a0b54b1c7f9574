/**
 * Root query keys, one per API resource. Every query's key starts with one of these, so a
 * realtime event ("ticket changed") can invalidate everything built from that resource.
 * Examples: ["tickets", "list", params], ["tickets", "detail", id], ["tickets", id, "comments"].
 * A company's team is ["companies", "team", id]: the "company" event that a team change publishes
 * refreshes it with the rest of the company.
 */
export const queryRoots = {
  me: "me",
  companies: "companies",
  projects: "projects",
  projectComments: "project-comments",
  tickets: "tickets",
  ticketComments: "ticket-comments",
  invoices: "invoices",
  /** Quotes (ADR 049): a quote's write announces it; accepting one may make an invoice, which announces itself. */
  quotes: "quotes",
  /** Logged time and projects' hours (ADR 047): a time entry's write announces its project. */
  time: "time",
  messages: "messages",
  team: "team",
  outbox: "outbox",
  inbound: "inbound",
  /** Records' histories and companies' recent activity: every record change refreshes them. */
  activity: "activity",
  /**
   * The overview pages (ADR 035): a company at a glance and the team's work queue. Built from
   * tickets, comments, invoices, messages and projects, so a change of any of them refreshes them.
   */
  overview: "overview",
  /** The audit log (admins). */
  audit: "audit",
  /** A company's access log (ADR 050): staff reads announce nothing, so the page loads it afresh when opened. */
  accessLog: "access-log",
  /** Webhook endpoints and their deliveries (admins). */
  webhooks: "webhooks",
  /** Every account (the admin Users page). */
  users: "users",
  /** What an invitation link shows before it is accepted (public, no session). */
  invitations: "invitations",
  signupPolicy: "signup-policy",
  /** Whether the first-run setup is open (public, no session). */
  setup: "setup",
  /** The caller's own sessions (account page). */
  sessions: "sessions",
  /** The caller's own API tokens (account page, admins and company owners). */
  apiTokens: "api-tokens",
  /**
   * The caller's notifications and unread counts (the bell, the nav items' dots). No event names
   * them: each is written in the transaction of a change event, so every event refreshes them.
   */
  notifications: "notifications",
  /** How each kind reaches the caller by mail (account page), and what an unsubscribe link turns off. */
  notificationPreferences: "notification-preferences",
  /** The command palette's finds (admins): asked anew as the search is typed, refreshed by no event. */
  search: "search",
} as const;
