import { AppShell, areaNav } from "./app-shell";

const nav = areaNav("/dashboard", "Company");

export function CustomerLayout() {
  return <AppShell title="Customer Portal" home="/dashboard" nav={nav} area="customer" />;
}
