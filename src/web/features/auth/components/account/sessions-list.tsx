import { formatDateTime } from "@/shared/format";
import type { AccountSession } from "@/shared/schemas/session";
import { Button } from "@/web/components/ui/button";
import { LoadError } from "@/web/components/ui/load-error";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useEndOtherSessions, useEndSession, useSessions } from "../../api/use-sessions";

const failed = (error: unknown) => toast.error(errorMessage(error, "Could not sign out"));

/** The account page's "Where you're signed in": every session, each other one with its own sign-out. */
export function SessionsList() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  if (sessions.isPending) return <Spinner />;
  if (sessions.isError) return <LoadError message="Could not load your sessions." onRetry={() => void sessions.refetch()} />;
  const signOutOthers = () => endOthers.mutate(undefined, { onSuccess: ({ ended }) => toast.success(`Signed out ${ended} other device(s)`), onError: failed });
  return (
    <div className="space-y-4">
      <ul className="divide-y rounded-md border">
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {sessions.data.length > 1 && (
        <Button variant="outline" onClick={signOutOthers} disabled={endOthers.isPending}>
          Sign out of all other devices
        </Button>
      )}
    </div>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div>
        <p className="font-medium">
          {session.device}
          {session.current && " (this device)"}
        </p>
        <p className="text-muted-foreground">
          {session.ipAddress} · Last active {formatDateTime(session.lastActiveAt)}
        </p>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" onClick={() => end.mutate(session.id, { onError: failed })} disabled={end.isPending}>
          Sign out<span className="sr-only"> {session.device}</span>
        </Button>
      )}
    </li>
  );
}
