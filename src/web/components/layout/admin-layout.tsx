import { AppShell, type NavItem } from "./app-shell";

const nav: NavItem[] = [
  { to: "/admin", label: "Customers", end: true },
  { to: "/admin/projects", label: "Projects" },
  { to: "/admin/tickets", label: "Tickets" },
  { to: "/admin/invoices", label: "Invoices" },
  { to: "/admin/messages", label: "Messages" },
];

export function AdminLayout() {
  return <AppShell title="Admin Dashboard" home="/admin" nav={nav} />;
}
