import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDateTime } from "@/shared/format";
import type { AccountSession } from "@/shared/schemas/session";
import { Button } from "@/web/components/ui/button";
import { LoadError } from "@/web/components/ui/load-error";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useEndOtherSessions, useEndSession, useSessions } from "../../api/use-sessions";

/** The account page's "Where you're signed in": every session, each other one with its own sign-out. */
export function SessionsList() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const { t } = useLingui();
  const failed = (error: unknown) => toast.error(errorMessage(error, t`Could not log out`));
  if (sessions.isPending) return <Spinner />;
  if (sessions.isError) return <LoadError message={t`Could not load your sessions.`} onRetry={() => void sessions.refetch()} />;
  const signOutOthers = () => endOthers.mutate(undefined, { onSuccess: ({ ended }) => toast.success(t`${plural(ended, { one: "Logged out # other device(s)", other: "Logged out # other device(s)" })}`), onError: failed });
  return (
    <div className="space-y-4">
      <ul className="divide-y rounded-md border">
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {sessions.data.length > 1 && (
        <Button variant="outline" onClick={signOutOthers} disabled={endOthers.isPending}>
          <Trans>Log out of all other devices</Trans>
        </Button>
      )}
    </div>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const { t } = useLingui();
  const failed = (error: unknown) => toast.error(errorMessage(error, t`Could not log out`));
  const device = session.device;
  const ipAddress = session.ipAddress;
  const lastActive = formatDateTime(session.lastActiveAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div>
        <p className="font-medium">
          {session.current ? t`${device} (this device)` : device}
        </p>
        <p className="text-muted-foreground">
          <Trans>
            {ipAddress} · Last active {lastActive}
          </Trans>
        </p>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" onClick={() => end.mutate(session.id, { onError: failed })} disabled={end.isPending}>
          <Trans>
            Log out<span className="sr-only"> {device}</span>
          </Trans>
        </Button>
      )}
    </li>
  );
}
