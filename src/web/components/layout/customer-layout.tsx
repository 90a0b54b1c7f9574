import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { AppShell, areaNav } from "./app-shell";

const nav = areaNav("/dashboard", msg`Company`);

export function CustomerLayout() {
  const { t } = useLingui();
  return <AppShell title={t`Customer Portal`} home="/dashboard" nav={nav} area="customer" />;
}
