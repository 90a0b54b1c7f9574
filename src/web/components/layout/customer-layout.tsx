import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMe } from "@/web/lib/session";
import { AppShell, areaNav } from "./app-shell";

// Overview first, then the spec's nav in the spec's order: Company (the index page), Projects,
// Tickets, Invoices, Quotes (issue 42), Messages (DESIGN.md D23, ADR 035).
const nav = [{ to: "/dashboard/overview", label: msg`Overview` }, ...areaNav("/dashboard", msg`Company`)];
/** The access log (ADR 050) after the spec's nav, for the company's owners, who always may read it. */
const ownerNav = [...nav, { to: "/dashboard/access-log", label: msg`Access log` }];

export function CustomerLayout() {
  const { t } = useLingui();
  const me = useMe();
  return <AppShell title={t`Customer Portal`} home="/dashboard" nav={me.data?.company?.role === "owner" ? ownerNav : nav} area="customer" />;
}
