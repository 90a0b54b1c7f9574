import type { Me } from "@/shared/schemas/me";
import { queryClient } from "../query-client";
import { meQueryKey } from "../session";
import { activateLocale, localeFor } from "./catalogues";

/**
 * Shows each signed-in user their language: whenever /api/me's answer changes (a sign-in, a pick
 * on the account page), its `locale` decides. A sign-out keeps the language on screen.
 */
export function followUserLocale(): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.query.queryKey[0] !== meQueryKey[0]) return;
    const me = event.query.state.data as Me | null | undefined;
    if (me) void activateLocale(localeFor(me.locale));
  });
}
