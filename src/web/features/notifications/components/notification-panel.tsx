import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCheck } from "lucide-react";
import { Popover } from "radix-ui";
import { useRef, useState, type RefObject } from "react";
import { Link } from "react-router";
import { excerptIsNamed, notificationPath } from "@/shared/rules/notifications";
import type { Notification } from "@/shared/schemas/notification";
import { LoadMore } from "@/web/components/load-more";
import { Button } from "@/web/components/ui/button";
import { PanelStates } from "@/web/components/layout/record-states";
import { TimeAgo } from "@/web/components/ui/time-ago";
import { cn } from "@/web/lib/cn";
import { formatCurrency } from "@/web/lib/format-currency";
import { toast } from "@/web/lib/toast";
import { markNotificationsRead, markReadQuietly } from "../api/use-mark-read";
import { useNotifications } from "../api/use-notifications";
import { useUnreadCounts } from "../api/use-unread-counts";
import { notificationText } from "../lib/notification-text";

type Area = "customer" | "admin";

interface NotificationPanelProps {
  area: Area;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell: the panel hangs below it, leaves it alone, and gives focus back to it. */
  anchor: RefObject<HTMLButtonElement | null>;
}

/**
 * The bell's panel, a non-modal dialog named "Notifications" (Radix Popover): Escape or a press
 * elsewhere closes it, Tab goes round its controls, and closing gives focus back to the bell
 * unless a press elsewhere put it there.
 */
export function NotificationPanel({ area, open, onOpenChange, anchor }: NotificationPanelProps) {
  const pressedOutside = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 flex max-h-[min(36rem,var(--radix-popover-content-available-height))] w-96 max-w-[calc(100vw-1rem)] flex-col rounded-lg border border-border bg-background text-foreground shadow-lg"
          onInteractOutside={(event) => {
            // The bell toggles the panel by itself: a press on it is not a press elsewhere.
            if (anchor.current?.contains(event.target as Node)) event.preventDefault();
            else pressedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!pressedOutside.current) anchor.current?.focus();
            pressedOutside.current = false;
          }}
        >
          <PanelContents area={area} close={() => onOpenChange(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Mounted only while the panel is open: the list is fetched, and kept live, only then. */
function PanelContents({ area, close }: { area: Area; close: () => void }) {
  const client = useQueryClient();
  const list = useNotifications();
  const unread = useUnreadCounts(true).data?.total ?? 0;
  const [markingAll, setMarkingAll] = useState(false);
  const scrollArea = useRef<HTMLDivElement>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const currency = list.data?.pages[0]?.currency ?? "USD";
  const { t } = useLingui();

  const markAll = () => {
    setMarkingAll(true);
    markNotificationsRead(client, { all: true })
      .catch((error: unknown) => {
        console.error("Failed to mark all notifications read", error);
        toast.error(t`Could not mark the notifications read`);
      })
      .finally(() => setMarkingAll(false));
  };

  const opened = (notification: Notification) => {
    if (!notification.readAt) void markReadQuietly(client, { ids: [notification.id] });
    close();
  };

  return (
    <>
      <div className="flex min-h-14 items-center justify-between gap-3 border-b border-border px-4 py-2">
        <Popover.Title className="text-base font-semibold">
          <Trans>Notifications</Trans>
        </Popover.Title>
        {unread > 0 ? (
          <Button variant="ghost" size="sm" disabled={markingAll} onClick={markAll}>
            <CheckCheck className="h-4 w-4" aria-hidden />
            <Trans>Mark all read</Trans>
          </Button>
        ) : items.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            <Trans>You&apos;re all caught up</Trans>
          </p>
        ) : null}
      </div>
      <div ref={scrollArea} className="min-h-0 flex-1 overflow-y-auto">
        <PanelStates query={list} failed={list.isError && !list.isFetchNextPageError} loading={t`Loading notifications`} loadError={t`Could not load your notifications.`} className="p-4">
          {items.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-muted-foreground">
              <Trans>No notifications yet</Trans>
            </p>
          ) : (
            <>
              <ul className="divide-y divide-border">
                {items.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} area={area} currency={currency} onOpen={opened} />
                ))}
              </ul>
              <LoadMore query={list} scrollArea={scrollArea} />
            </>
          )}
        </PanelStates>
      </div>
    </>
  );
}

/** One notification as a link to its record: the sentence (amounts in `currency`), the excerpt on one line, and when. Unread ones are marked. */
function NotificationItem({ notification, area, currency, onOpen }: { notification: Notification; area: Area; currency: string; onOpen: (notification: Notification) => void }) {
  const unread = !notification.readAt;
  const { t } = useLingui();
  // A new member's or a paying company's name is the excerpt, and already in the sentence.
  const excerpt = excerptIsNamed(notification.kind) ? null : notification.excerpt;
  return (
    <li>
      <Link
        to={notificationPath(notification, area)}
        onClick={() => onOpen(notification)}
        className="flex gap-3 px-4 py-3 hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
      >
        <span aria-hidden className={cn("mt-1.5 h-2 w-2 shrink-0 rounded-full", unread && "bg-primary")} />
        <span className="min-w-0 flex-1 space-y-0.5">
          <span className={cn("block text-sm break-words", unread ? "font-semibold" : "text-muted-foreground")}>
            {unread ? <span className="sr-only">{t`Unread:`} </span> : null}
            {notificationText(notification, { money: (amount) => formatCurrency(amount, currency) })}
          </span>
          {excerpt ? <span className="block truncate text-sm text-muted-foreground">{excerpt}</span> : null}
          <TimeAgo at={notification.createdAt} className="block text-xs text-muted-foreground" />
        </span>
      </Link>
    </li>
  );
}
