import { Trans } from "@lingui/react/macro";
import { useEffect } from "react";
import { Link, Route, Routes, useLocation } from "react-router";
import { PageSpinner } from "@/web/components/ui/spinner";
import { enterArea } from "@/web/lib/i18n/catalogues";
import { homePathFor, useProbedMe } from "@/web/lib/session";
import { useSessionCheck } from "@/web/lib/use-session-check";
import { lazyPage } from "../lazy-page";

// The signed-in user's own layout, loaded as app/router.tsx loads it (with its area's messages):
// only a signed-in visitor of a missing page fetches it.
const CustomerLayout = lazyPage(() => Promise.all([import("@/web/components/layout/customer-layout"), enterArea("customer")]).then(([module]) => module), (m) => m.CustomerLayout);
const AdminLayout = lazyPage(() => import("../admin-pages").then((pages) => Promise.all([pages.adminLayout(), enterArea("admin")])).then(([module]) => module), (m) => m.AdminLayout);

function NotFound({ home }: { home: string }) {
  return (
    <div className="text-center">
      <h1 className="mb-4 text-4xl font-bold">404</h1>
      <p className="mb-4 text-xl text-muted-foreground">
        <Trans>Oops! Page not found</Trans>
      </p>
      <Link to={home} className="text-primary underline hover:text-primary/80">
        <Trans>Return to Home</Trans>
      </Link>
    </div>
  );
}

/**
 * A path no route has. A signed-in user keeps their header and navigation around it (the layout's
 * `<Outlet />` shows it); a signed-out visitor gets the page alone. The session is probed, so a
 * signed-out visit costs no 401 in the console.
 */
export function NotFoundRoute() {
  const location = useLocation();
  const check = useSessionCheck(useProbedMe());
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);

  if (check.state === "checking") return <PageSpinner />;
  if (check.state === "signed-in") {
    const home = homePathFor(check.me);
    const Layout = home === "/admin" ? AdminLayout : CustomerLayout;
    return (
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={<NotFound home={home} />} />
        </Route>
      </Routes>
    );
  }
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center">
      <NotFound home="/" />
    </main>
  );
}
