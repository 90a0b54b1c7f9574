import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

const sessionsQueryKey = [queryRoots.sessions];

/** Where the caller is signed in: every session of theirs, the current one marked. */
export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: () => loggedLoad("your sessions", () => api.get("/sessions")) });
}

/** A sign-out of other devices; the list is read again whatever the answer. Their open pages lose access at once. */
function useSignOutDevices<Input, Output>(signOut: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: signOut, onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey }) });
}

/** Signs one other device out. */
export const useEndSession = () => useSignOutDevices((id: string) => api.delete("/sessions/:id", { param: { id } }));

/** Signs every other device out; answers how many. */
export const useEndOtherSessions = () => useSignOutDevices(() => api.post("/sessions/end-others"));
