import { useQuery } from "@tanstack/react-query";
import { publicApi } from "@/web/lib/api";

/*
 * Single sign-on (ADR 051, server: modules/sso): what the sign-in page may offer, how an address
 * signs in, and sending the browser to its identity provider.
 */

/** Whether the team's identity provider is set up: the sign-in page's "Sign in with SSO". */
export function useSsoOptions() {
  return useQuery({ queryKey: ["sso", "options"], queryFn: () => publicApi.get("/sso/options"), staleTime: 5 * 60_000 });
}

/** How an address signs in, by its domain: `none`, `available` (its company's provider) or `required`. */
export const discoverSso = (email: string) => publicApi.post("/sso/discover", { email });

/**
 * Leaves for the identity provider: the address's company's, else the team's. The browser comes
 * back signed in (to `returnTo`, else the home page) or to /auth with `sso_error`.
 */
export async function startSso(input: { email?: string; returnTo?: string }): Promise<void> {
  const { url } = await publicApi.post("/sso/start", input);
  window.location.assign(url);
}
