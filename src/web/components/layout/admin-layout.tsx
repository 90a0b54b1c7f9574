import { AppShell, areaNav } from "./app-shell";

const nav = areaNav("/admin", "Customers");

export function AdminLayout() {
  return <AppShell title="Admin Dashboard" home="/admin" nav={nav} />;
}
