import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { eventKinds } from "@/shared/rules/events";
import { notificationsQueryKey } from "@/web/features/notifications/api/use-notifications";
import { unreadCountsQueryKey } from "@/web/features/notifications/api/use-unread-counts";
import { queryRootsFor } from "./realtime";

/**
 * No event names a notification: the server writes each one in the transaction of a change (a
 * message, a status, a comment, a new member…) and publishes only that change. The bell's count
 * and the panel's list must then refetch on every kind of event, or a new notification would
 * wait for the next page load.
 */
describe("realtime refetch of notifications", () => {
  it.each(eventKinds)("refetches the unread counts and the list on a %s event", async (kind) => {
    const client = new QueryClient();
    client.setQueryData(unreadCountsQueryKey, { total: 0 });
    client.setQueryData(notificationsQueryKey, { pages: [] });
    await Promise.all(queryRootsFor(kind).map((root) => client.invalidateQueries({ queryKey: [root] })));
    expect(client.getQueryState(unreadCountsQueryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(notificationsQueryKey)?.isInvalidated).toBe(true);
  });

  it("leaves the other resources to their own events: a ticket event does not refetch the chat", async () => {
    const client = new QueryClient();
    client.setQueryData(["messages", "conversation", "mine"], []);
    await Promise.all(queryRootsFor("ticket").map((root) => client.invalidateQueries({ queryKey: [root] })));
    expect(client.getQueryState(["messages", "conversation", "mine"])?.isInvalidated).toBe(false);
  });
});
