import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { AppShell, areaNav } from "./app-shell";

// Overview first (the index page), then the spec's Company page, then the sections (ADR 035).
const [overview, ...sections] = areaNav("/dashboard", msg`Overview`);
const nav = [overview!, { to: "/dashboard/company", label: msg`Company` }, ...sections];

export function CustomerLayout() {
  const { t } = useLingui();
  return <AppShell title={t`Customer Portal`} home="/dashboard" nav={nav} area="customer" />;
}
