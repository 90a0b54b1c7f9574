import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";
import { companyTeamQueryKey } from "./use-company-team";

/* What owners and admins change in a company's team; loaded with the team tools (team-tools.tsx). */

/** After a change of the team: the list, and `me` (the caller may have changed their own role or left). */
function useTeamChanged(companyId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: companyTeamQueryKey(companyId) }),
      client.invalidateQueries({ queryKey: [queryRoots.me] }),
    ]);
}

/** "Invite colleague": mails an invitation link valid for a week. */
export function useInviteMember(companyId: string) {
  const changed = useTeamChanged(companyId);
  return useMutation({
    mutationFn: (input: ApiBody<"post", "/companies/:id/invitations">) =>
      api.create("/companies/:id/invitations", { param: { id: companyId }, json: input }),
    onSuccess: changed,
  });
}

export function useChangeMemberRole(companyId: string) {
  const changed = useTeamChanged(companyId);
  return useMutation({
    mutationFn: ({ userId, ...input }: { userId: string } & ApiBody<"patch", "/companies/:id/members/:userId">) =>
      api.patch("/companies/:id/members/:userId", { param: { id: companyId, userId }, json: input }),
    onSuccess: changed,
  });
}

export function useRemoveMember(companyId: string) {
  const changed = useTeamChanged(companyId);
  return useMutation({
    mutationFn: (userId: string) => api.delete("/companies/:id/members/:userId", { param: { id: companyId, userId } }),
    onSuccess: changed,
  });
}
