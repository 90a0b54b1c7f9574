import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationPreferences } from "@/shared/schemas/notification";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

/** Its own root: the `notifications` root refetches on every realtime event, and preferences change only here. */
const preferencesQueryKey = [queryRoots.notificationPreferences] as const;

/** Every kind of notification the caller receives, each with how it reaches them by mail. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesQueryKey,
    queryFn: () => loggedLoad("email notification preferences", () => api.get("/notifications/preferences")),
  });
}

type Preference = NotificationPreferences["items"][number];

/**
 * Saves one kind's delivery (the server leaves the others as they are). The choice shows at once
 * and goes back to the saved one if the server refuses it.
 */
export function useUpdateNotificationPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preference: Preference) => api.put("/notifications/preferences", { json: { items: [preference] } }),
    onMutate: async (preference) => {
      await client.cancelQueries({ queryKey: preferencesQueryKey });
      const before = client.getQueryData<NotificationPreferences>(preferencesQueryKey);
      if (before) {
        const items = before.items.map((item) => (item.kind === preference.kind ? preference : item));
        client.setQueryData<NotificationPreferences>(preferencesQueryKey, { items });
      }
      return { before };
    },
    onError: (_error, _preference, context) => {
      if (context?.before) client.setQueryData(preferencesQueryKey, context.before);
    },
    onSuccess: (saved) => client.setQueryData(preferencesQueryKey, saved),
  });
}
