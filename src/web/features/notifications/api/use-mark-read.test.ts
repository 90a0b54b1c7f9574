import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/web/lib/api";
import { markNotificationsRead } from "./use-mark-read";
import { notificationsQueryKey } from "./use-notifications";
import { unreadCountsQueryKey } from "./use-unread-counts";

/** A fetch that records what it was asked and answers with `status`. */
function stubFetch(status: number) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const body = status === 200 ? { updated: 1 } : { type: "about:blank", title: "Bad Request", status, detail: "Not a notification id" };
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

function cachedClient() {
  const client = new QueryClient();
  client.setQueryData(unreadCountsQueryKey, { total: 2 });
  client.setQueryData(notificationsQueryKey, { pages: [] });
  return client;
}

describe("markNotificationsRead", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts what to mark as JSON, then refetches the counts and the list", async () => {
    const calls = stubFetch(200);
    const client = cachedClient();
    await markNotificationsRead(client, { subject: { type: "conversation", id: "7d4a3c56-1b0e-4f51-9a52-0d6b3e0f7c11" } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/notifications/read");
    expect(calls[0]!.init.method).toBe("POST");
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ subject: { type: "conversation", id: "7d4a3c56-1b0e-4f51-9a52-0d6b3e0f7c11" } });
    expect(client.getQueryState(unreadCountsQueryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(notificationsQueryKey)?.isInvalidated).toBe(true);
  });

  it("refetches also when the server refused, so the bell shows what is still unread, and says it failed", async () => {
    stubFetch(400);
    const client = cachedClient();
    await expect(markNotificationsRead(client, { ids: ["1"] })).rejects.toBeInstanceOf(ApiError);
    expect(client.getQueryState(unreadCountsQueryKey)?.isInvalidated).toBe(true);
  });
});
