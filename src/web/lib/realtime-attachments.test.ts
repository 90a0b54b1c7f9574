import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { EventKind } from "@/shared/rules/events";
import { commentsQueryKey } from "@/web/features/comments/api/use-comments";
import { invoicesQueryKey } from "@/web/features/invoices/api/use-invoices";
import { conversationQueryKey } from "@/web/features/messages/api/use-conversation";
import { ticketQueryKey } from "@/web/features/tickets/api/use-ticket";
import { queryRootsFor } from "./realtime";

const id = "7d4a3c56-1b0e-4f51-9a52-0d6b3e0f7c11";

/**
 * The server announces an added or deleted attachment with its owner's event (issue 15). Each
 * screen that lists attachments must then refetch: its query's key has to start with a root that
 * event names, or another open screen would keep showing a file that is gone.
 */
const screens: Array<{ shows: string; kind: EventKind; key: readonly unknown[] }> = [
  { shows: "a ticket's own files (ticket detail)", kind: "ticket", key: ticketQueryKey(id) },
  { shows: "a ticket comment's files", kind: "ticket_comment", key: commentsQueryKey({ kind: "ticket", id }) },
  { shows: "a project comment's files", kind: "project_comment", key: commentsQueryKey({ kind: "project", id }) },
  { shows: "a chat message's files (customer)", kind: "message", key: conversationQueryKey() },
  { shows: "a chat message's files (admin)", kind: "message", key: conversationQueryKey(id) },
  { shows: "an invoice's PDF (customer list)", kind: "invoice", key: invoicesQueryKey },
];

describe("realtime refetch of attachments", () => {
  it.each(screens)("refetches $shows on a $kind event", async ({ kind, key }) => {
    const client = new QueryClient();
    client.setQueryData(key, { cached: true });
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    await Promise.all(queryRootsFor(kind).map((root) => client.invalidateQueries({ queryKey: [root] })));
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
