import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Navigate, useLocation } from "react-router";
import { useMe } from "@/web/lib/session";
import { AppShell, areaNav } from "./app-shell";

// The work queue first, then the spec's nav in the spec's order: Customers (the index page),
// Projects, Tickets, Invoices, Messages (DESIGN.md D23, ADR 035). The team (admins and
// their invitations), every account (Users), the outbox, the audit log and the webhooks are the
// admins' alone, and visited less often: behind "More" in the desktop bar. The outbox is where
// mail is read when no mail server is configured.
const nav = [{ to: "/admin/overview", label: msg`Overview` }, ...areaNav("/admin", msg`Customers`)];
const moreNav = [
  { to: "/admin/team", label: msg`Team` },
  { to: "/admin/users", label: msg`Users` },
  { to: "/admin/outbox", label: msg`Outbox` },
  { to: "/admin/inbound", label: msg`Inbound mail` },
  { to: "/admin/audit", label: msg`Audit log` },
  { to: "/admin/webhooks", label: msg`Webhooks` },
];

/**
 * An admin who must turn on two-factor sign-in first (REQUIRE_ADMIN_2FA, ADR 019) sees only their
 * account page, which says why; the API refuses them everything else.
 */
export function AdminLayout() {
  const { t } = useLingui();
  const me = useMe();
  const { pathname } = useLocation();
  if (me.data?.twoFactor.required && pathname !== "/admin/account") return <Navigate replace to="/admin/account" />;
  return <AppShell title={t`Admin Dashboard`} home="/admin" nav={nav} moreNav={moreNav} area="admin" />;
}
