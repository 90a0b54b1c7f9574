import { useEffect, useState } from "react";
import { Navigate } from "react-router";
import { PageSpinner } from "@/web/components/ui/spinner";
import { homePathFor, useMe } from "@/web/lib/session";

/** Spec section 6 and D9: stop waiting for the session check after 2 seconds. */
export const SESSION_CHECK_TIMEOUT_MS = 2000;

export function RootRedirect() {
  const me = useMe();
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), SESSION_CHECK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  if (me.isSuccess && me.data) return <Navigate replace to={homePathFor(me.data)} />;
  if (me.isSuccess || me.isError || timedOut) return <Navigate replace to="/auth" />;
  return <PageSpinner />;
}
