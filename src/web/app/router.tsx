import { createBrowserRouter, type RouteObject } from "react-router";
import { RequireSession } from "../components/layout/require-session";
import { RootRedirect } from "./routes/root-redirect";

/** Route modules are loaded on first visit, so a customer never downloads admin screens. */
const dashboardChildren: RouteObject[] = [
  { index: true, lazy: () => import("./routes/dashboard/company").then((m) => ({ Component: m.CompanyRoute })) },
  { path: "projects", lazy: () => import("./routes/dashboard/projects").then((m) => ({ Component: m.ProjectsRoute })) },
  { path: "projects/:idOrSlug", lazy: () => import("./routes/dashboard/project-detail").then((m) => ({ Component: m.ProjectDetailRoute })) },
  { path: "tickets", lazy: () => import("./routes/dashboard/tickets").then((m) => ({ Component: m.TicketsRoute })) },
  { path: "tickets/:id", lazy: () => import("./routes/dashboard/ticket-detail").then((m) => ({ Component: m.TicketDetailRoute })) },
  { path: "invoices", lazy: () => import("./routes/dashboard/invoices").then((m) => ({ Component: m.InvoicesRoute })) },
  { path: "messages", lazy: () => import("./routes/dashboard/messages").then((m) => ({ Component: m.MessagesRoute })) },
];

const adminChildren: RouteObject[] = [
  { index: true, lazy: () => import("./routes/admin/customers").then((m) => ({ Component: m.CustomersRoute })) },
  { path: "customers/:id", lazy: () => import("./routes/admin/customer-detail").then((m) => ({ Component: m.CustomerDetailRoute })) },
  { path: "projects", lazy: () => import("./routes/admin/projects").then((m) => ({ Component: m.AdminProjectsRoute })) },
  { path: "projects/:idOrSlug", lazy: () => import("./routes/admin/project-detail").then((m) => ({ Component: m.AdminProjectDetailRoute })) },
  { path: "tickets", lazy: () => import("./routes/admin/tickets").then((m) => ({ Component: m.AdminTicketsRoute })) },
  { path: "tickets/:id", lazy: () => import("./routes/admin/ticket-detail").then((m) => ({ Component: m.AdminTicketDetailRoute })) },
  { path: "invoices", lazy: () => import("./routes/admin/invoices").then((m) => ({ Component: m.AdminInvoicesRoute })) },
  { path: "messages", lazy: () => import("./routes/admin/messages").then((m) => ({ Component: m.AdminMessagesRoute })) },
];

export const router = createBrowserRouter([
  { path: "/", Component: RootRedirect },
  { path: "/auth", lazy: () => import("./routes/auth").then((m) => ({ Component: m.AuthRoute })) },
  {
    path: "/dashboard",
    element: <RequireSession />,
    children: [
      {
        lazy: () => import("../components/layout/customer-layout").then((m) => ({ Component: m.CustomerLayout })),
        children: dashboardChildren,
      },
    ],
  },
  {
    path: "/admin",
    element: <RequireSession role="admin" />,
    children: [
      {
        lazy: () => import("../components/layout/admin-layout").then((m) => ({ Component: m.AdminLayout })),
        children: adminChildren,
      },
    ],
  },
  { path: "*", lazy: () => import("./routes/not-found").then((m) => ({ Component: m.NotFoundRoute })) },
]);
