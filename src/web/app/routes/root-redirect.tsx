import { Navigate } from "react-router";
import { PageSpinner } from "@/web/components/ui/spinner";
import { homePathFor, useMe, type AuthRouteState } from "@/web/lib/session";
import { useSessionCheck } from "@/web/lib/use-session-check";

/** `/`: the signed-in user's home, else /auth, and /auth too when the check takes over 2 s. */
export function RootRedirect() {
  const check = useSessionCheck(useMe());
  if (check.state === "checking") return <PageSpinner />;
  if (check.state === "signed-in") return <Navigate replace to={homePathFor(check.me)} />;
  const state: AuthRouteState = { sessionCheckTimedOut: check.timedOut };
  return <Navigate replace to="/auth" state={state} />;
}
