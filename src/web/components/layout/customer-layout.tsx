import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { AppShell, areaNav } from "./app-shell";

// Overview first, then the spec's nav in the spec's order: Company (the index page), Projects,
// Tickets, Invoices, Quotes (issue 42), Messages (DESIGN.md D23, ADR 035).
const nav = [{ to: "/dashboard/overview", label: msg`Overview` }, ...areaNav("/dashboard", msg`Company`)];

export function CustomerLayout() {
  const { t } = useLingui();
  return <AppShell title={t`Customer Portal`} home="/dashboard" nav={nav} area="customer" />;
}
