import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { ChevronDown } from "lucide-react";
import { useId, useRef, type ToggleEvent } from "react";
import { NavLink, useLocation } from "react-router";
import { cn } from "@/web/lib/cn";

/** A link of the panel: the shape of the bar's own items (app-shell.tsx), without their unread marks. */
interface MoreNavItem {
  to: string;
  label: MessageDescriptor;
  end?: boolean;
}

/**
 * The sections visited less often (the admins' team, accounts, outbox, audit log and webhooks)
 * behind one button in the desktop bar, which at 1440 px otherwise ran onto a second row; the phone
 * menu lists them all. A disclosure of links, not an ARIA menu: Tab moves through them as through
 * the bar. A native popover, as the theme's: Escape and a press elsewhere close it. The button is
 * marked active, as the bar's links are, while one of its sections is open; it keeps its one short
 * name, which the bar's width at 1280 px was measured with (a section's name there wrapped it).
 */
export function MoreNav({ items, linkClass }: { items: MoreNavItem[]; linkClass: (state: { isActive: boolean }) => string }) {
  const { t, i18n } = useLingui();
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const inSection = items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));

  // Under its button, wherever the bar put it: the popover sits in the top layer, outside the bar's layout.
  const place = (event: ToggleEvent<HTMLDivElement>) => {
    if (event.newState !== "open" || !button.current) return;
    const { bottom, left } = button.current.getBoundingClientRect();
    event.currentTarget.style.top = `${bottom + 4}px`;
    event.currentTarget.style.left = `${left}px`;
  };

  return (
    <>
      <button ref={button} type="button" popoverTarget={panelId} className={cn(linkClass({ isActive: inSection }), "inline-flex items-center gap-1")}>
        {t`More`}
        <ChevronDown className="h-4 w-4" aria-hidden />
      </button>
      <div ref={panel} id={panelId} popover="auto" onToggle={place} className="fixed inset-auto m-0 min-w-48 rounded-md border border-border bg-background p-1 text-foreground shadow-lg">
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => (
            <li key={item.to}>
              {/* Following a link closes the panel, as leaving the page would. */}
              <NavLink to={item.to} end={item.end} className={(state) => cn(linkClass(state), "flex")} onClick={() => panel.current?.hidePopover()}>
                {i18n._(item.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
