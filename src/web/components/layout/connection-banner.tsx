import { Trans } from "@lingui/react/macro";
import { cn } from "@/web/lib/cn";
import { connection, useConnectionState, type ConnectionState } from "@/web/lib/connection-state";
import { Button } from "../ui/button";

const dotClass: Record<ConnectionState, string> = {
  online: "bg-green-500",
  reconnecting: "bg-amber-500",
  offline: "bg-destructive",
};
const textClass: Record<ConnectionState, string> = {
  online: "text-green-700 dark:text-green-400",
  reconnecting: "text-amber-800 dark:text-amber-300",
  offline: "text-destructive",
};

/** The header's word beside the user's name: what the event stream says about the connection. */
export function ConnectionStatus({ className }: { className?: string }) {
  const state = useConnectionState();
  return (
    <span className={cn("flex items-center gap-1 text-xs", textClass[state], className)}>
      <span aria-hidden className={cn("h-2 w-2 rounded-full", dotClass[state])} />
      {state === "online" ? <Trans>Online</Trans> : state === "reconnecting" ? <Trans>Reconnecting…</Trans> : <Trans>Offline</Trans>}
    </span>
  );
}

/**
 * Says so while the server cannot be reached, and goes away by itself once the event stream is
 * back. The live region is always on the page, so that what appears in it is announced (politely).
 */
export function ConnectionBanner() {
  const offline = useConnectionState() === "offline";
  return (
    <div role="status" aria-live="polite">
      {offline ? (
        <div data-testid="connection-banner" className="border-t border-destructive/40 bg-background">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
            <p className="min-w-0 flex-1 font-medium text-destructive">
              <Trans>Cannot reach the server. Trying again…</Trans>
            </p>
            <Button variant="outline" size="sm" className="max-sm:h-11" onClick={connection.retry}>
              <Trans>Try now</Trans>
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
