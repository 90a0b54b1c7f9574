import { useQuery } from "@tanstack/react-query";
import { publicApi } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** Whether anyone may sign up (`open`) or only whoever holds an invitation (`invite`). Public. */
export function useSignupPolicy() {
  return useQuery({ queryKey: [queryRoots.signupPolicy], queryFn: () => publicApi.get("/signup-policy"), staleTime: 5 * 60_000 });
}
