import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Me } from "@/shared/schemas/me";
import { meQueryKey } from "./session";

/** Spec sections 6 and 9, D9: every session check stops waiting after 2 seconds. */
export const SESSION_CHECK_TIMEOUT_MS = 2000;

export type SessionCheck =
  | { state: "checking" }
  | { state: "signed-in"; me: Me }
  /** `timedOut`: no answer came in time, so whether there is a session is unknown. */
  | { state: "signed-out"; timedOut: boolean };

/**
 * What a page that depends on the session may do: wait (a spinner), or go on as signed in or
 * signed out. After SESSION_CHECK_TIMEOUT_MS without an answer it settles on signed out for good:
 * the request is cancelled, so an answer that arrives later cannot move the user away from the
 * sign-in form they were sent to, and the next check (signing in) asks the server afresh.
 * `skip`: the check already gave up on the page that sent the user here.
 */
export function useSessionCheck(me: UseQueryResult<Me | null>, { skip = false } = {}): SessionCheck {
  const client = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const waiting = me.isPending && !skip && !timedOut;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setTimedOut(true);
      void client.cancelQueries({ queryKey: meQueryKey });
    }, SESSION_CHECK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waiting, client]);

  if (skip || timedOut) return { state: "signed-out", timedOut: true };
  if (me.isPending) return { state: "checking" };
  return me.data ? { state: "signed-in", me: me.data } : { state: "signed-out", timedOut: false };
}
