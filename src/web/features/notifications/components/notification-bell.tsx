import { useLingui } from "@lingui/react/macro";
import { Bell } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/lib/toast";
import { useUnreadCounts } from "../api/use-unread-counts";
import { badgeNumber, withUnread } from "../lib/unread-text";
import type { NotificationPanel } from "./notification-panel";

type Panel = typeof NotificationPanel;

/*
 * The panel (its list, Radix Popover, the wording of each kind) is fetched on the bell's first
 * press: the header, on every page, carries only the button and the counts (ADR 008's budgets).
 */
let panel: Promise<Panel> | undefined;

/**
 * The header's bell: the unread count, and the notifications panel it opens. `area`: whose pages
 * the notifications link to, the customer's or the admin's.
 */
export function NotificationBell({ area }: { area: "customer" | "admin" }) {
  const total = useUnreadCounts(true).data?.total ?? 0;
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [Loaded, setLoaded] = useState<Panel>();
  const { t } = useLingui();

  const toggle = () => {
    if (Loaded) return setOpen(!open);
    (panel ??= import("./notification-panel").then((module) => module.NotificationPanel)).then(
      (loaded) => {
        setLoaded(() => loaded);
        setOpen(true);
      },
      (error: unknown) => {
        // The next press asks again (offline, or a deploy renamed the chunk: a reload helps).
        panel = undefined;
        console.error("Failed to load the notifications", error);
        toast.error(t`Could not open the notifications. Check your connection and try again.`);
      },
    );
  };

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={withUnread(t`Notifications`, total)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={toggle}
      >
        <Bell className="h-5 w-5" aria-hidden />
        {total > 0 ? (
          <span aria-hidden className="absolute top-1 right-1 min-w-4 rounded-full bg-destructive px-1 text-[10px] leading-4 font-semibold text-destructive-foreground">
            {badgeNumber(total)}
          </span>
        ) : null}
      </Button>
      {Loaded ? <Loaded area={area} open={open} onOpenChange={setOpen} anchor={button} /> : null}
    </>
  );
}
