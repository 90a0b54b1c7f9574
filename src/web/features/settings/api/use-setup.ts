import { useMutation, useQuery } from "@tanstack/react-query";
import type { BrandSettingsInput, SetupOwnerInput } from "@/shared/schemas/setup";
import { api, isNotFound, publicApi } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** Whether /setup is open (the brand in use, to prefill step 2), or null once an admin exists (404). Public. */
export async function fetchSetupStatus() {
  try {
    return await publicApi.get("/setup");
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * Asked once per page load: setup only ever closes, and step 2 of /setup must not lose its form
 * when the answer would now be 404 (the owner exists by then).
 */
export function useSetupStatus({ enabled = true } = {}) {
  return useQuery({ queryKey: [queryRoots.setup], queryFn: fetchSetupStatus, staleTime: Infinity, retry: false, enabled });
}

/** Step 1: the owner's account; the answer's cookie signs them in. */
export function createSetupOwner(input: SetupOwnerInput) {
  return publicApi.post("/setup/owner", input);
}

/** Admin: the brand name of the installation (step 2 of /setup, and later). */
export function useSetBrand() {
  return useMutation({ mutationFn: (json: BrandSettingsInput) => api.put("/settings/brand", { json }) });
}
