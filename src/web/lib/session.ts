import { useQuery, useQueryClient } from "@tanstack/react-query";
import { can } from "@/shared/policies";
import type { Me } from "@/shared/schemas/me";
import type { SignInInput, SignUpInput } from "@/shared/schemas/auth";
import { ApiError, api, untypedAuthApi } from "./api";
import { queryClient } from "./query-client";

export const meQueryKey = ["me"] as const;

/**
 * Where a signed-in user lands: the admin area for whoever may read every company's records (the
 * same rule the server's policy applies), the customer dashboard for everyone else.
 */
export const homePathFor = (me: Pick<Me, "role" | "company">) =>
  can({ role: me.role, companyId: me.company?.id ?? null }, "readAll", "company") ? "/admin" : "/dashboard";

/**
 * What a page sends along to /auth (as router state, so no link can plant a destination): the
 * path the user wanted, so signing in returns there, and whether the session check gave up.
 */
export interface AuthRouteState {
  from?: string;
  sessionCheckTimedOut?: boolean;
}

/** After signing in: the page the user wanted when it is in their own area, else their home. */
export function returnPathFor(me: Pick<Me, "role" | "company">, from: string | undefined): string {
  const home = homePathFor(me);
  if (!from?.startsWith(home)) return home;
  const rest = from.slice(home.length);
  // "/dashboard/tickets" and "/dashboard?x" are in "/dashboard"; "/dashboardx" is not.
  return rest === "" || /^[/?#]/.test(rest) ? from : home;
}

/** The signed-in user, or null when there is no session. */
export async function fetchMe() {
  try {
    return await api.get("/me");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The same answer as `fetchMe`, for pages where being signed out is the usual case (/auth): asks
 * Better Auth's get-session first, which answers 200 `null` without a session, and /api/me only
 * when there is one. /api/me's 401 would be logged by the browser as a console error on every
 * visit of the sign-in page.
 */
export async function probeMe() {
  const session = await untypedAuthApi.get("/auth/get-session");
  return typeof session === "object" && session !== null && "user" in session && session.user ? fetchMe() : null;
}

const meQuery = { queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 };

/** Everywhere a session is expected: /api/me, one request. */
export function useMe() {
  return useQuery(meQuery);
}

/** Starts `useMe`'s request before the first render (app/router.tsx, preloadRoute). */
export function prefetchMe() {
  void queryClient.prefetchQuery(meQuery);
}

const probedMeQuery = { queryKey: meQueryKey, queryFn: probeMe, staleTime: 60_000 };

/**
 * On the sign-in page: the same cached answer as `useMe`, found without a 401 when signed out.
 * Not asked at all (`enabled: false`) when the page that sent the user here gave up waiting.
 */
export function useProbedMe({ enabled = true } = {}) {
  return useQuery({ ...probedMeQuery, enabled });
}

export function prefetchProbedMe() {
  void queryClient.prefetchQuery(probedMeQuery);
}

export function useRefreshMe() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: meQueryKey });
}

/**
 * A request that replaces this tab's session (two-factor sign-in on or off: Better Auth makes a
 * new session and deletes the old one). Meanwhile the old session's `end` is no sign-out: the
 * event stream (realtime.ts) reconnects once the request has answered, with the new session's cookie.
 */
export const sessionSwap: { pending?: Promise<unknown> } = {};

export const signIn = (input: SignInInput) => untypedAuthApi.post("/auth/sign-in/email", input);
/** With an invitation's token, the new account also joins the invitation's company (or the admins). */
export const signUp = (input: SignUpInput & { invitationToken?: string }) => untypedAuthApi.post("/auth/sign-up/email", input);
export const signOut = () => untypedAuthApi.post("/auth/sign-out");
