import { Trans, useLingui } from "@lingui/react/macro";
import { MessageSquare } from "lucide-react";
import type { KeyboardEvent, ReactNode } from "react";
import { Link } from "react-router";
import { formatNumber } from "@/shared/format";
import type { ConversationOrder } from "@/shared/schemas/message";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { PanelStates } from "@/web/components/layout/record-states";
import { SearchInput } from "@/web/components/ui/search-input";
import { TimeAgo } from "@/web/components/ui/time-ago";
import { cn } from "@/web/lib/cn";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useInbox, type InboxConversation } from "../../api/use-inbox";
import type { InboxParams } from "../../lib/use-inbox-params";

interface InboxListProps {
  selected: string;
  q: string;
  order: ConversationOrder;
  hrefWith: (changes: Partial<InboxParams>) => string;
  update: (changes: Partial<InboxParams>) => void;
}

/**
 * The inbox's left pane: one row per company conversation with its last message and unread count,
 * newest or unread first, searchable, loaded a page at a time. The rows are links to `?company=`;
 * the open one is marked `aria-current`. One tab stop for the whole list; the arrow keys, Home and
 * End move between its rows.
 */
export function InboxList({ selected, q, order, hrefWith, update }: InboxListProps) {
  const { t } = useLingui();
  const inbox = useInbox({ q, order });
  useErrorToast(inbox.error, { log: "Failed to load conversations", toast: t`Error fetching messages` });
  const { conversations } = inbox;
  const focusable = conversations.some((conversation) => conversation.company.id === selected) ? selected : conversations[0]?.company.id;
  const first = inbox.data?.pages[0];
  // The list's total is exact up to 10,000 conversations, then a lower bound.
  const total = first ? `${formatNumber(first.total)}${first.totalExact ? "" : "+"}` : "";
  const shown = formatNumber(conversations.length);

  return (
    <section aria-labelledby="conversations-heading" className="flex min-h-0 flex-1 flex-col">
      <div className="space-y-3 border-b border-border p-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="conversations-heading" className="text-base font-semibold">
            <Trans>Conversations</Trans>
          </h2>
          <div role="group" aria-label={t`Order`} className="flex rounded-md border border-border p-0.5">
            <OrderButton pressed={order === "activity"} onClick={() => update({ order: "activity" })}>
              <Trans>Newest first</Trans>
            </OrderButton>
            <OrderButton pressed={order === "unread"} onClick={() => update({ order: "unread" })}>
              <Trans>Unread first</Trans>
            </OrderButton>
          </div>
        </div>
        <SearchInput label={t`Search conversations`} placeholder={t`Search by company name`} value={q} onSearch={(next) => update({ q: next })} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={inbox.isPlaceholderData || inbox.isFetchingNextPage}>
        <PanelStates query={inbox} failed={inbox.isError && !inbox.data} loading={t`Loading conversations`} loadError={t`Could not load the conversations.`} className="p-3">
          {conversations.length === 0 ? (
            <div className="p-3">
              {q ? (
                <EmptyState title={t`No matching conversations`} description={t`No company name contains "${q}".`} />
              ) : (
                <EmptyState icon={<MessageSquare className="h-10 w-10 text-muted-foreground" aria-hidden />} title={t`No conversations yet. Start one above!`} />
              )}
            </div>
          ) : (
            <>
              <ul aria-label={t`Conversations`} className="divide-y divide-border" onKeyDown={moveBetweenRows}>
                {conversations.map((conversation) => (
                  <InboxRow
                    key={conversation.company.id}
                    conversation={conversation}
                    href={hrefWith({ company: conversation.company.id })}
                    selected={conversation.company.id === selected}
                    focusable={conversation.company.id === focusable}
                  />
                ))}
              </ul>
              <div className="flex flex-col items-center gap-2 p-3 text-xs text-muted-foreground">
                {inbox.hasNextPage ? (
                  <Button variant="outline" size="sm" disabled={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
                    {inbox.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Load more conversations</Trans>}
                  </Button>
                ) : null}
                <p>
                  <Trans>
                    Showing {shown} of {total}
                  </Trans>
                </p>
              </div>
            </>
          )}
        </PanelStates>
      </div>
    </section>
  );
}

function OrderButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "rounded px-2 py-1 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none max-sm:min-h-11 pointer-coarse:min-h-11",
        pressed ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted",
      )}
    >
      {children}
    </button>
  );
}

interface InboxRowProps {
  conversation: InboxConversation;
  href: string;
  selected: boolean;
  /** The list's one tab stop: the open conversation's row, else the first. */
  focusable: boolean;
}

function InboxRow({ conversation, href, selected, focusable }: InboxRowProps) {
  const { company, unreadCount, lastMessage, lastMessageAt } = conversation;
  const preview = lastMessage.content.replace(/\s+/g, " ");
  return (
    <li>
      <Link
        to={href}
        aria-current={selected ? "true" : undefined}
        tabIndex={focusable ? 0 : -1}
        data-company={company.id}
        className={cn(
          "block px-3 py-3 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset",
          selected && "bg-muted shadow-[inset_3px_0_0_var(--color-primary)]",
        )}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn("truncate text-sm", unreadCount > 0 ? "font-semibold" : "font-medium")}>{company.name}</span>
          <TimeAgo at={lastMessageAt} className="shrink-0 text-xs text-muted-foreground" />
        </span>
        <span className="mt-1 flex items-center justify-between gap-2">
          <span className="truncate text-xs text-muted-foreground">
            {lastMessage.sender?.isAdmin ? <Trans>Team: {preview}</Trans> : preview}
          </span>
          {unreadCount > 0 ? (
            <Badge tone="red" className="shrink-0">
              <span aria-hidden>{unreadCount}</span>
              <span className="sr-only" data-testid="unread-count">
                <Trans>{unreadCount} unread</Trans>
              </span>
            </Badge>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/** Arrow keys, Home and End move the focus between the list's rows (a link each). */
function moveBetweenRows(event: KeyboardEvent<HTMLUListElement>) {
  const rows = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>(":scope > li > a")];
  const current = rows.indexOf(document.activeElement as HTMLAnchorElement);
  const target = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: rows.length - 1 }[event.key];
  if (target === undefined || current === -1) return;
  event.preventDefault();
  rows[Math.max(0, Math.min(rows.length - 1, target))]?.focus();
}
