import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

const adminInvitationsQueryKey = [queryRoots.team, "invitations"] as const;

/**
 * A resent or revoked invitation is listed either in a company's Team section or on the admin
 * Team page; both lists go stale (only the one on screen refetches).
 */
function useInvitationsChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [queryRoots.companies, "team"] }),
      client.invalidateQueries({ queryKey: adminInvitationsQueryKey }),
    ]);
}

/** A new link with a new week; the old link stops working. */
export function useResendInvitation() {
  const changed = useInvitationsChanged();
  return useMutation({
    mutationFn: (id: string) => api.post("/invitations/:id/resend", { param: { id } }),
    onSuccess: changed,
  });
}

export function useRevokeInvitation() {
  const changed = useInvitationsChanged();
  return useMutation({
    mutationFn: (id: string) => api.delete("/invitations/:id", { param: { id } }),
    onSuccess: changed,
  });
}

/** Admin: the pending invitations to the provider's team. */
export function useAdminInvitations() {
  return useQuery({
    queryKey: adminInvitationsQueryKey,
    queryFn: () => loggedLoad("the admin invitations", () => api.get("/team/invitations")),
  });
}

/** Admin: invites another admin. */
export function useInviteAdmin() {
  const changed = useInvitationsChanged();
  return useMutation({
    mutationFn: (input: ApiBody<"post", "/team/invitations">) => api.create("/team/invitations", { json: input }),
    onSuccess: changed,
  });
}
