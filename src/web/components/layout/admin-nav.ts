import { msg } from "@lingui/core/macro";
import { areaNav } from "./app-shell";

// The work queue first, then the spec's nav in the spec's order: Customers (the index page),
// Projects, Tickets, Invoices, Quotes (issue 42), Messages (DESIGN.md D23, ADR 035). The team (admins and
// their invitations), every account (Users), the outbox, the audit log and the webhooks are the
// admins' alone, and visited less often: behind "More" in the desktop bar. The outbox is where
// mail is read when no mail server is configured.
export const adminNav = [{ to: "/admin/overview", label: msg`Overview` }, ...areaNav("/admin", msg`Customers`)];
export const adminMoreNav = [
  { to: "/admin/team", label: msg`Team` },
  { to: "/admin/users", label: msg`Users` },
  { to: "/admin/outbox", label: msg`Outbox` },
  { to: "/admin/inbound", label: msg`Inbound mail` },
  { to: "/admin/audit", label: msg`Audit log` },
  { to: "/admin/webhooks", label: msg`Webhooks` },
];

