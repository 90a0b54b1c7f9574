import { Navigate, Outlet, useLocation } from "react-router";
import type { Role } from "@/shared/enums";
import { useMe, type AuthRouteState } from "@/web/lib/session";
import { useSessionCheck } from "@/web/lib/use-session-check";
import { PageSpinner } from "../ui/spinner";

/**
 * Signed-out users go to /auth, which brings them back here after signing in; so does a session
 * check that got no answer within 2 seconds. Non-admins entering /admin go to /dashboard (spec
 * section 6, D9).
 */
export function RequireSession({ role }: { role?: Role }) {
  const check = useSessionCheck(useMe());
  const location = useLocation();
  if (check.state === "checking") return <PageSpinner />;
  if (check.state === "signed-out") {
    const state: AuthRouteState = { from: location.pathname + location.search + location.hash, sessionCheckTimedOut: check.timedOut };
    return <Navigate replace to="/auth" state={state} />;
  }
  if (role && check.me.role !== role) return <Navigate replace to="/dashboard" />;
  return <Outlet />;
}
