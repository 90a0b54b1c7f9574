import { Trans } from "@lingui/react/macro";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";

export function NotFoundRoute() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex min-h-screen items-center justify-center">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl text-muted-foreground">
          <Trans>Oops! Page not found</Trans>
        </p>
        <Link to="/" className="text-primary underline hover:text-primary/80">
          <Trans>Return to Home</Trans>
        </Link>
      </div>
    </main>
  );
}
