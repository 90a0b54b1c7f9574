import { useMutation, useQuery } from "@tanstack/react-query";
import { INVITATION_TOKEN_PATTERN, memberMessages } from "@/shared/rules/member";
import { ApiError, api, publicApi } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * What an invitation link leads to, asked without a session. A token that cannot be one is not
 * sent at all: the page says the link is invalid straight away.
 */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: [queryRoots.invitations, "preview", token],
    queryFn: () => publicApi.post("/invitations/preview", { token }),
    enabled: INVITATION_TOKEN_PATTERN.test(token),
    // The answer changes only when someone accepts, resends or revokes: no refetch on focus.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The signed-in account joins the invitation's company (or the provider's team). */
export function useAcceptInvitation() {
  return useMutation({ mutationFn: (token: string) => api.post("/invitations/accept", { json: { token } }) });
}

/** Why a link does not work, in the server's words (its message for the `token` field, else its detail). */
export function invitationProblem(error: unknown): string {
  if (!(error instanceof ApiError)) return memberMessages.invitationInvalid;
  return error.problem?.errors?.find((problem) => problem.field === "token")?.message ?? error.problem?.detail ?? memberMessages.invitationInvalid;
}
