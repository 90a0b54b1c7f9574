import { AppShell, type NavItem } from "./app-shell";

const nav: NavItem[] = [
  { to: "/dashboard", label: "Company", end: true },
  { to: "/dashboard/projects", label: "Projects" },
  { to: "/dashboard/tickets", label: "Tickets" },
  { to: "/dashboard/invoices", label: "Invoices" },
  { to: "/dashboard/messages", label: "Messages" },
];

export function CustomerLayout() {
  return <AppShell title="Customer Portal" home="/dashboard" nav={nav} />;
}
