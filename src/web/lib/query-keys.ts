/**
 * Root query keys, one per API resource. Every query's key starts with one of these, so a
 * realtime event ("ticket changed") can invalidate everything built from that resource.
 * Examples: ["tickets", "list", params], ["tickets", "detail", id], ["tickets", id, "comments"].
 */
export const queryRoots = {
  me: "me",
  companies: "companies",
  projects: "projects",
  projectComments: "project-comments",
  tickets: "tickets",
  ticketComments: "ticket-comments",
  invoices: "invoices",
  messages: "messages",
  team: "team",
  outbox: "outbox",
} as const;
