/*
 * The admin screens, each loaded on its first visit (app/router.tsx). A module of their own,
 * imported only on an admin page, so that the entry chunk every visitor downloads does not carry
 * the admin screens' preload lists.
 */
export const adminLayout = () => import("../components/layout/admin-layout");
export const adminOverview = () => import("./routes/admin/overview");
export const customers = () => import("./routes/admin/customers");
export const customerDetail = () => import("./routes/admin/customer-detail");
export const adminProjects = () => import("./routes/admin/projects");
export const adminProjectDetail = () => import("./routes/admin/project-detail");
export const adminTickets = () => import("./routes/admin/tickets");
export const adminTicketDetail = () => import("./routes/admin/ticket-detail");
export const adminInvoices = () => import("./routes/admin/invoices");
export const adminInvoiceDetail = () => import("./routes/admin/invoice-detail");
export const adminRecurringInvoices = () => import("./routes/admin/recurring-invoices");
export const adminRecurringInvoiceDetail = () => import("./routes/admin/recurring-invoice-detail");
export const adminQuotes = () => import("./routes/admin/quotes");
export const adminQuoteDetail = () => import("./routes/admin/quote-detail");
export const adminMessages = () => import("./routes/admin/messages");
export const adminAccount = () => import("./routes/admin/account");
export const adminOutbox = () => import("./routes/admin/outbox");
export const adminInbound = () => import("./routes/admin/inbound");
export const adminTeam = () => import("./routes/admin/team");
export const adminUsers = () => import("./routes/admin/users");
export const adminAudit = () => import("./routes/admin/audit");
export const adminWebhooks = () => import("./routes/admin/webhooks");
