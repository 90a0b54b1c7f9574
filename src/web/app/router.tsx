import { Suspense } from "react";
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from "react-router";
import { PageErrorBoundary } from "../components/layout/page-error-boundary";
import { RequireSession } from "../components/layout/require-session";
import { PageSpinner } from "../components/ui/spinner";
import { enterArea } from "../lib/i18n/catalogues";
import { prefetchMe, prefetchProbedMe } from "../lib/session";
import { lazyPage, type LazyPage } from "./lazy-page";
import { RootRedirect } from "./routes/root-redirect";

/*
 * Route modules are loaded on first visit, so a customer never downloads admin screens.
 * Declarative routes (`useRoutes`) rather than a data router: the app has no loaders or actions,
 * and the data router's machinery would be ~16 KiB gzip on every page (ADR 008).
 */
const AuthRoute = lazyPage(() => import("./routes/auth"), (m) => m.AuthRoute);
const NotFoundRoute = lazyPage(() => import("./routes/not-found"), (m) => m.NotFoundRoute);
const ResetPasswordRoute = lazyPage(() => import("./routes/reset-password"), (m) => m.ResetPasswordRoute);
const ConfirmEmailRoute = lazyPage(() => import("./routes/confirm-email"), (m) => m.ConfirmEmailRoute);
const InvitationRoute = lazyPage(() => import("./routes/invitation"), (m) => m.InvitationRoute);
const SetupRoute = lazyPage(() => import("./routes/setup"), (m) => m.SetupRoute);
const UnsubscribeRoute = lazyPage(() => import("./routes/unsubscribe"), (m) => m.UnsubscribeRoute);

// A layout renders once its area's messages are in (lib/i18n/catalogues.ts), loaded alongside its code.
const CustomerLayout = lazyPage(() => Promise.all([import("../components/layout/customer-layout"), enterArea("customer")]).then(([module]) => module), (m) => m.CustomerLayout);
const CompanyRoute = lazyPage(() => import("./routes/dashboard/company"), (m) => m.CompanyRoute);
const ProjectsRoute = lazyPage(() => import("./routes/dashboard/projects"), (m) => m.ProjectsRoute);
const ProjectDetailRoute = lazyPage(() => import("./routes/dashboard/project-detail"), (m) => m.ProjectDetailRoute);
const TicketsRoute = lazyPage(() => import("./routes/dashboard/tickets"), (m) => m.TicketsRoute);
const TicketDetailRoute = lazyPage(() => import("./routes/dashboard/ticket-detail"), (m) => m.TicketDetailRoute);
const InvoicesRoute = lazyPage(() => import("./routes/dashboard/invoices"), (m) => m.InvoicesRoute);
const InvoiceDetailRoute = lazyPage(() => import("./routes/dashboard/invoice-detail"), (m) => m.InvoiceDetailRoute);
const MessagesRoute = lazyPage(() => import("./routes/dashboard/messages"), (m) => m.MessagesRoute);
const AccountRoute = lazyPage(() => import("./routes/dashboard/account"), (m) => m.AccountRoute);

const AdminLayout = lazyPage(() => Promise.all([import("../components/layout/admin-layout"), enterArea("admin")]).then(([module]) => module), (m) => m.AdminLayout);
const CustomersRoute = lazyPage(() => import("./routes/admin/customers"), (m) => m.CustomersRoute);
const CustomerDetailRoute = lazyPage(() => import("./routes/admin/customer-detail"), (m) => m.CustomerDetailRoute);
const AdminProjectsRoute = lazyPage(() => import("./routes/admin/projects"), (m) => m.AdminProjectsRoute);
const AdminProjectDetailRoute = lazyPage(() => import("./routes/admin/project-detail"), (m) => m.AdminProjectDetailRoute);
const AdminTicketsRoute = lazyPage(() => import("./routes/admin/tickets"), (m) => m.AdminTicketsRoute);
const AdminTicketDetailRoute = lazyPage(() => import("./routes/admin/ticket-detail"), (m) => m.AdminTicketDetailRoute);
const AdminInvoicesRoute = lazyPage(() => import("./routes/admin/invoices"), (m) => m.AdminInvoicesRoute);
const AdminInvoiceDetailRoute = lazyPage(() => import("./routes/admin/invoice-detail"), (m) => m.AdminInvoiceDetailRoute);
const AdminMessagesRoute = lazyPage(() => import("./routes/admin/messages"), (m) => m.AdminMessagesRoute);
const AdminAccountRoute = lazyPage(() => import("./routes/admin/account"), (m) => m.AdminAccountRoute);
const AdminOutboxRoute = lazyPage(() => import("./routes/admin/outbox"), (m) => m.AdminOutboxRoute);
const AdminTeamRoute = lazyPage(() => import("./routes/admin/team"), (m) => m.AdminTeamRoute);
const AdminUsersRoute = lazyPage(() => import("./routes/admin/users"), (m) => m.AdminUsersRoute);
const AdminAuditRoute = lazyPage(() => import("./routes/admin/audit"), (m) => m.AdminAuditRoute);
const AdminWebhooksRoute = lazyPage(() => import("./routes/admin/webhooks"), (m) => m.AdminWebhooksRoute);

/** What `preloadRoute` may start for a route before it renders: its lazy page, its first request. */
interface Preload {
  page?: LazyPage;
  data?: () => void;
}

const route = (path: string | undefined, Page: LazyPage, data?: () => void): RouteObject =>
  ({ ...(path === undefined ? { index: true } : { path }), element: <Page />, handle: { page: Page, data } satisfies Preload }) as RouteObject;
/** Routes that render only with a session ask /api/me first (RequireSession, RootRedirect). */
const needsSession: Preload = { data: prefetchMe };

const routes: RouteObject[] = [
  { path: "/", element: <RootRedirect />, handle: needsSession },
  route("/auth", AuthRoute, prefetchProbedMe),
  route("/reset-password", ResetPasswordRoute),
  route("/confirm-email", ConfirmEmailRoute, prefetchProbedMe),
  route("/invitation", InvitationRoute, prefetchProbedMe),
  route("/setup", SetupRoute),
  // A notification mail's unsubscribe link: no session needed, the token is its authority.
  route("/unsubscribe", UnsubscribeRoute),
  {
    path: "/dashboard",
    element: <RequireSession />,
    handle: needsSession,
    children: [
      {
        element: <CustomerLayout />,
        handle: { page: CustomerLayout } satisfies Preload,
        children: [
          route(undefined, CompanyRoute),
          route("projects", ProjectsRoute),
          route("projects/:idOrSlug", ProjectDetailRoute),
          route("tickets", TicketsRoute),
          route("tickets/:id", TicketDetailRoute),
          route("invoices", InvoicesRoute),
          route("invoices/:id", InvoiceDetailRoute),
          route("messages", MessagesRoute),
          route("account", AccountRoute),
        ],
      },
    ],
  },
  {
    path: "/admin",
    element: <RequireSession role="admin" />,
    handle: needsSession,
    children: [
      {
        element: <AdminLayout />,
        handle: { page: AdminLayout } satisfies Preload,
        children: [
          route(undefined, CustomersRoute),
          route("customers/:id", CustomerDetailRoute),
          route("projects", AdminProjectsRoute),
          route("projects/:idOrSlug", AdminProjectDetailRoute),
          route("tickets", AdminTicketsRoute),
          route("tickets/:id", AdminTicketDetailRoute),
          route("invoices", AdminInvoicesRoute),
          route("invoices/:id", AdminInvoiceDetailRoute),
          route("messages", AdminMessagesRoute),
          route("team", AdminTeamRoute),
          route("users", AdminUsersRoute),
          route("outbox", AdminOutboxRoute),
          route("audit", AdminAuditRoute),
          route("webhooks", AdminWebhooksRoute),
          route("account", AdminAccountRoute),
        ],
      },
    ],
  },
  route("*", NotFoundRoute),
];

/**
 * Starts what the page at `pathname` needs before React has rendered anything: the modules of its
 * layout and screen, and the session check, all in parallel instead of one after the other.
 */
export function preloadRoute(pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const preload = match.route.handle as Preload | undefined;
    // A failed load is retried, and reported, when the page renders.
    preload?.page?.preload().catch(() => {});
    preload?.data?.();
  }
}

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <PageErrorBoundary fullPage>
        <Suspense fallback={<PageSpinner />}>
          <AppRoutes />
        </Suspense>
      </PageErrorBoundary>
    </BrowserRouter>
  );
}
