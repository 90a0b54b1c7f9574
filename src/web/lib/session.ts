import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { SignInInput, SignUpInput } from "../../shared/schemas/auth";
import type { Me } from "../../shared/schemas/me";
import { ApiError, apiGet, apiPost } from "./api";

export const meQueryKey = ["me"] as const;

/** The signed-in user, or null when there is no session. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await apiGet<Me>("/me");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });
}

export function useRefreshMe() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: meQueryKey });
}

export const signIn = (input: SignInInput) => apiPost("/auth/sign-in/email", input);
export const signUp = (input: SignUpInput) => apiPost("/auth/sign-up/email", input);
export const signOut = () => apiPost("/auth/sign-out", {});
