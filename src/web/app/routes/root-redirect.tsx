import { Navigate } from "react-router";
import { PageSpinner } from "@/web/components/ui/spinner";
import { useSetupStatus } from "@/web/features/settings/api/use-setup";
import { homePathFor, useMe, type AuthRouteState } from "@/web/lib/session";
import { useSessionCheck } from "@/web/lib/use-session-check";

/**
 * `/`: the signed-in user's home, else /auth, and /auth too when the check takes over 2 s. While
 * no admin exists (a first run), a signed-out visitor goes to /setup instead (ADR 021).
 */
export function RootRedirect() {
  const check = useSessionCheck(useMe());
  const askSetup = check.state === "signed-out" && !check.timedOut;
  const setup = useSetupStatus({ enabled: askSetup });
  if (check.state === "checking") return <PageSpinner />;
  if (check.state === "signed-in") return <Navigate replace to={homePathFor(check.me)} />;
  if (askSetup && setup.isPending) return <PageSpinner />;
  if (askSetup && setup.data) return <Navigate replace to="/setup" />;
  const state: AuthRouteState = { sessionCheckTimedOut: check.timedOut };
  return <Navigate replace to="/auth" state={state} />;
}
