import { AppShell, areaNav } from "./app-shell";

// The outbox is the admins' alone: where mail is read when no mail server is configured.
const nav = [...areaNav("/admin", "Customers"), { to: "/admin/outbox", label: "Outbox" }];

export function AdminLayout() {
  return <AppShell title="Admin Dashboard" home="/admin" nav={nav} />;
}
