import { AppShell, areaNav } from "./app-shell";

// The team (admins and their invitations), every account (Users) and the outbox are the admins'
// alone; the outbox is where mail is read when no mail server is configured.
const nav = [
  ...areaNav("/admin", "Customers"),
  { to: "/admin/team", label: "Team" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/outbox", label: "Outbox" },
];

export function AdminLayout() {
  return <AppShell title="Admin Dashboard" home="/admin" nav={nav} />;
}
