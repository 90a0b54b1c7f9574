import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { NotificationSubject } from "@/shared/rules/notifications";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * Marks notifications read (some, all about one record, or all), then refetches the counts and
 * the list whatever the answer. A plain function rather than a mutation hook: a click on a
 * notification leaves the panel, and often the page, before the answer comes.
 */
export async function markNotificationsRead(client: QueryClient, input: ApiBody<"post", "/notifications/read">) {
  try {
    await api.post("/notifications/read", { json: input });
  } finally {
    void client.invalidateQueries({ queryKey: [queryRoots.notifications] });
  }
}

/** For reads nobody asked for by a click: a failure leaves the notifications unread, and is logged. */
export const markReadQuietly = (client: QueryClient, input: ApiBody<"post", "/notifications/read">) =>
  markNotificationsRead(client, input).catch((error: unknown) => console.error("Failed to mark notifications read", error));

/**
 * Opening a record reads its notifications: once per record shown (pass its id once it has
 * loaded). Marking does not change the id, so the refetch it causes cannot start another.
 */
export function useReadOnVisit(type: NotificationSubject, id: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (id) void markReadQuietly(client, { subject: { type, id } });
  }, [client, type, id]);
}
