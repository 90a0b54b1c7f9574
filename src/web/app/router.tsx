import { Suspense, type ComponentType } from "react";
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from "react-router";
import { PageErrorBoundary } from "../components/layout/page-error-boundary";
import { RequireSession } from "../components/layout/require-session";
import { PageSpinner } from "../components/ui/spinner";
import { enterArea } from "../lib/i18n/catalogues";
import { prefetchMe, prefetchProbedMe } from "../lib/session";
import type * as AdminPages from "./admin-pages";
import { lazyPage, type LazyPage } from "./lazy-page";
import { RedirectTo } from "./routes/redirect-to";
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
const OverviewRoute = lazyPage(() => import("./routes/dashboard/overview"), (m) => m.OverviewRoute);
const CompanyRoute = lazyPage(() => import("./routes/dashboard/company"), (m) => m.CompanyRoute);
const ProjectsRoute = lazyPage(() => import("./routes/dashboard/projects"), (m) => m.ProjectsRoute);
const ProjectDetailRoute = lazyPage(() => import("./routes/dashboard/project-detail"), (m) => m.ProjectDetailRoute);
const TicketsRoute = lazyPage(() => import("./routes/dashboard/tickets"), (m) => m.TicketsRoute);
const TicketDetailRoute = lazyPage(() => import("./routes/dashboard/ticket-detail"), (m) => m.TicketDetailRoute);
const InvoicesRoute = lazyPage(() => import("./routes/dashboard/invoices"), (m) => m.InvoicesRoute);
const InvoiceDetailRoute = lazyPage(() => import("./routes/dashboard/invoice-detail"), (m) => m.InvoiceDetailRoute);
const QuotesRoute = lazyPage(() => import("./routes/dashboard/quotes"), (m) => m.QuotesRoute);
const QuoteDetailRoute = lazyPage(() => import("./routes/dashboard/quote-detail"), (m) => m.QuoteDetailRoute);
const MessagesRoute = lazyPage(() => import("./routes/dashboard/messages"), (m) => m.MessagesRoute);
const AccountRoute = lazyPage(() => import("./routes/dashboard/account"), (m) => m.AccountRoute);
const AccessLogRoute = lazyPage(() => import("./routes/dashboard/access-log"), (m) => m.AccessLogRoute);

/*
 * The admin screens' loaders live in a chunk of their own (admin-pages.ts), fetched with the first
 * admin page: each names the chunks its screen needs (the preload list), and in the entry those
 * lists were ~0.7 KiB gzip that every visitor downloads and only admins use. An admin's first
 * page asks for that small chunk before its screen's.
 */
const adminPages = () => import("./admin-pages");
const adminPage = <M,>(load: (pages: typeof AdminPages) => Promise<M>, pick: (module: M) => ComponentType) => lazyPage(() => adminPages().then(load), pick);
// The admin layout renders once the admin screens' messages are in (lib/i18n/catalogues.ts).
const AdminLayout = adminPage((pages) => Promise.all([pages.adminLayout(), enterArea("admin")]).then(([module]) => module), (m) => m.AdminLayout);
const AdminOverviewRoute = adminPage((pages) => pages.adminOverview(), (m) => m.AdminOverviewRoute);
const CustomersRoute = adminPage((pages) => pages.customers(), (m) => m.CustomersRoute);
const CustomerDetailRoute = adminPage((pages) => pages.customerDetail(), (m) => m.CustomerDetailRoute);
const AdminProjectsRoute = adminPage((pages) => pages.adminProjects(), (m) => m.AdminProjectsRoute);
const AdminProjectDetailRoute = adminPage((pages) => pages.adminProjectDetail(), (m) => m.AdminProjectDetailRoute);
const AdminTicketsRoute = adminPage((pages) => pages.adminTickets(), (m) => m.AdminTicketsRoute);
const AdminTicketDetailRoute = adminPage((pages) => pages.adminTicketDetail(), (m) => m.AdminTicketDetailRoute);
const AdminInvoicesRoute = adminPage((pages) => pages.adminInvoices(), (m) => m.AdminInvoicesRoute);
const AdminInvoiceDetailRoute = adminPage((pages) => pages.adminInvoiceDetail(), (m) => m.AdminInvoiceDetailRoute);
const AdminRecurringInvoicesRoute = adminPage((pages) => pages.adminRecurringInvoices(), (m) => m.AdminRecurringInvoicesRoute);
const AdminRecurringInvoiceDetailRoute = adminPage((pages) => pages.adminRecurringInvoiceDetail(), (m) => m.AdminRecurringInvoiceDetailRoute);
const AdminQuotesRoute = adminPage((pages) => pages.adminQuotes(), (m) => m.AdminQuotesRoute);
const AdminQuoteDetailRoute = adminPage((pages) => pages.adminQuoteDetail(), (m) => m.AdminQuoteDetailRoute);
const AdminMessagesRoute = adminPage((pages) => pages.adminMessages(), (m) => m.AdminMessagesRoute);
const AdminAccountRoute = adminPage((pages) => pages.adminAccount(), (m) => m.AdminAccountRoute);
const AdminOutboxRoute = adminPage((pages) => pages.adminOutbox(), (m) => m.AdminOutboxRoute);
const AdminInboundRoute = adminPage((pages) => pages.adminInbound(), (m) => m.AdminInboundRoute);
const AdminTeamRoute = adminPage((pages) => pages.adminTeam(), (m) => m.AdminTeamRoute);
const AdminUsersRoute = adminPage((pages) => pages.adminUsers(), (m) => m.AdminUsersRoute);
const AdminAuditRoute = adminPage((pages) => pages.adminAudit(), (m) => m.AdminAuditRoute);
const AdminWebhooksRoute = adminPage((pages) => pages.adminWebhooks(), (m) => m.AdminWebhooksRoute);

/** What `preloadRoute` may start for a route before it renders: its lazy page, its first request. */
interface Preload {
  page?: LazyPage;
  data?: () => void;
}

const route = (path: string | undefined, Page: LazyPage, data?: () => void): RouteObject =>
  ({ ...(path === undefined ? { index: true } : { path }), element: <Page />, handle: { page: Page, data } satisfies Preload }) as RouteObject;
/** An old address that now lives at `to`; its query and hash come along. */
const redirect = (path: string, to: string): RouteObject => ({ path, element: <RedirectTo to={to} /> });
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
          route("overview", OverviewRoute),
          // The Company page's address while the overview held the index (ADR 035): kept for bookmarks.
          redirect("company", "/dashboard"),
          route("projects", ProjectsRoute),
          route("projects/:idOrSlug", ProjectDetailRoute),
          route("tickets", TicketsRoute),
          route("tickets/:id", TicketDetailRoute),
          route("invoices", InvoicesRoute),
          route("invoices/:id", InvoiceDetailRoute),
          route("quotes", QuotesRoute),
          route("quotes/:id", QuoteDetailRoute),
          route("messages", MessagesRoute),
          route("access-log", AccessLogRoute),
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
          route("overview", AdminOverviewRoute),
          // The Customers table's address while the work queue held the index (ADR 035): kept for bookmarks.
          redirect("customers", "/admin"),
          route("customers/:id", CustomerDetailRoute),
          route("projects", AdminProjectsRoute),
          route("projects/:idOrSlug", AdminProjectDetailRoute),
          route("tickets", AdminTicketsRoute),
          route("tickets/:id", AdminTicketDetailRoute),
          route("invoices", AdminInvoicesRoute),
          route("invoices/:id", AdminInvoiceDetailRoute),
          // Reached from the Invoices page; "recurring" outranks ":id" (a static segment).
          route("invoices/recurring", AdminRecurringInvoicesRoute),
          route("invoices/recurring/:id", AdminRecurringInvoiceDetailRoute),
          route("quotes", AdminQuotesRoute),
          route("quotes/:id", AdminQuoteDetailRoute),
          route("messages", AdminMessagesRoute),
          route("team", AdminTeamRoute),
          route("users", AdminUsersRoute),
          route("outbox", AdminOutboxRoute),
          route("inbound", AdminInboundRoute),
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
