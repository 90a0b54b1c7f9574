import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { isChunkLoadError, reloadIfNewBuild, retryFailedLoads } from "@/web/lib/stale-build";
import { LoadError } from "../ui/load-error";
import { PageSpinner } from "../ui/spinner";
import { ErrorBoundary, type ErrorFallbackProps } from "./error-boundary";

/**
 * What replaces a page that failed: a reload when its code is gone because of a new deploy,
 * otherwise the error and "Try again". Never a blank page.
 */
function PageError({ error, retry, fullPage }: ErrorFallbackProps & { fullPage: boolean }) {
  const chunk = isChunkLoadError(error);
  const [askingServer, setAskingServer] = useState(chunk);
  const { t } = useLingui();
  useEffect(() => {
    if (!chunk) return;
    let mounted = true;
    void reloadIfNewBuild().then((reloading) => {
      if (mounted && !reloading) setAskingServer(false);
    });
    return () => {
      mounted = false;
    };
  }, [chunk]);

  if (askingServer) return <PageSpinner />;
  const message = chunk ? t`This page could not be loaded. Check your connection and try again.` : t`Something went wrong while showing this page.`;
  const view = <LoadError message={message} onRetry={retry} />;
  return fullPage ? <main className="flex min-h-screen items-center justify-center p-4">{view}</main> : view;
}

/**
 * Catches what a page throws while rendering (or loading its code), below the layout's header
 * and nav so they stay usable; going to another page clears it. `fullPage`: the outermost one,
 * for pages without the layout and for the layout itself.
 */
export function PageErrorBoundary({ children, fullPage = false }: { children: ReactNode; fullPage?: boolean }) {
  const { pathname } = useLocation();
  const client = useQueryClient();
  const fallback = ({ error, retry }: ErrorFallbackProps) => {
    const retryWithFreshData = () => {
      // The failed page is unmounted, so its queries have no observer now: their cached answers
      // may be what broke it, so it starts again from the server. The layout's (the session) stay.
      client.removeQueries({ predicate: (query) => query.getObserversCount() === 0 });
      retry();
    };
    return <PageError error={error} retry={retryWithFreshData} fullPage={fullPage} />;
  };
  return (
    <ErrorBoundary resetKey={pathname} fallback={fallback} onCaught={retryFailedLoads}>
      {children}
    </ErrorBoundary>
  );
}
