import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateApiToken } from "@/shared/schemas/api-token";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

const apiTokensQueryKey = [queryRoots.apiTokens];

/** The caller's own API tokens, newest first (never the tokens themselves). */
export function useApiTokens() {
  return useQuery({ queryKey: apiTokensQueryKey, queryFn: () => loggedLoad("your API tokens", () => api.get("/tokens")) });
}

/** Makes a token; the answer carries the token itself, which the card shows this once. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiToken) => api.post("/tokens", { json: input }),
    onSettled: () => client.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** Revokes a token: it stops working at once. */
export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/tokens/:id", { param: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
