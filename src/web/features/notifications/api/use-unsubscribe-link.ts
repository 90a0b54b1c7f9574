import { useMutation, useQuery } from "@tanstack/react-query";
import { publicApi } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * What a mailed unsubscribe link turns off, asked without a session (the signed token is its whole
 * authority). No token: nothing is asked, and the page says the link is invalid.
 */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: [queryRoots.notificationPreferences, "unsubscribe", token],
    queryFn: () => publicApi.get("/notifications/unsubscribe", { query: { token } }),
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Turns the link's kind of mail off (the same answer when sent again). */
export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => publicApi.post("/notifications/unsubscribe", {}, { query: { token } }) });
}
