import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Menu, UserRound, X } from "lucide-react";
import { Suspense, useState, type ReactNode } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { toast } from "@/web/lib/toast";
import { displayName } from "@/shared/format";
import type { UnreadCounts } from "@/shared/schemas/notification";
import { badgeNumber, NotificationBell, useUnreadCounts, withUnread } from "@/web/features/notifications";
import { brandName } from "@/web/lib/brand";
import { cn } from "@/web/lib/cn";
import { useRealtime } from "@/web/lib/realtime";
import { signOut, useMe } from "@/web/lib/session";
import { Button } from "../ui/button";
import { PageSpinner } from "../ui/spinner";
import { ConnectionBanner, ConnectionStatus } from "./connection-banner";
import { MoreNav } from "./more-nav";
import { PageErrorBoundary } from "./page-error-boundary";
import { ThemeChoices, ThemeMenu } from "./theme-menu";

export interface NavItem {
  to: string;
  /** Shown in the reader's language. */
  label: MessageDescriptor;
  /** Only exactly this path is active (the index route). */
  end?: boolean;
  /** Its unread indicator: Messages counts unread chat messages, the others show a dot for their unread notifications. */
  unread?: "projects" | "tickets" | "invoices" | "quotes" | "messages";
}

/** Both areas list the same sections after their own index page ("Customers", "Company"): Quotes after Invoices. */
export function areaNav(base: string, indexLabel: MessageDescriptor): NavItem[] {
  const sections = [
    [msg`Projects`, "projects"],
    [msg`Tickets`, "tickets"],
    [msg`Invoices`, "invoices"],
    [msg`Quotes`, "quotes"],
    [msg`Messages`, "messages"],
  ] as const;
  return [
    { to: base, label: indexLabel, end: true },
    ...sections.map(([label, path]) => ({ to: `${base}/${path}`, label, unread: path })),
  ];
}

interface AppShellProps {
  title: string;
  home: string;
  nav: NavItem[];
  /** After `nav`: behind one "More" button in the desktop bar, listed with the rest in the phone menu. */
  moreNav?: NavItem[];
  /** Whose pages notifications link to. */
  area: "customer" | "admin";
  /** Beside the bell on every width: the admin's search (its own code loads with the admin area only). */
  tools?: ReactNode;
}

function useLogout() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { t } = useLingui();
  return async () => {
    try {
      await signOut();
    } finally {
      // Whatever the server said, nothing of this user may stay on screen or in the cache.
      client.clear();
      toast.success(t`Logged out successfully`);
      navigate("/auth", { replace: true });
    }
  };
}

const linkClass = (rows: boolean) => ({ isActive }: { isActive: boolean }) =>
  cn(
    "shrink-0 rounded-md py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
    // The mobile menu's rows are tap targets: at least 44 px high. The bar's links sit closer, so
    // the admin's seven fit one row at 1280 px with unread marks and the search button beside them.
    rows ? "flex min-h-11 items-center px-3" : "px-2",
    isActive ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
  );

/**
 * The same links in the desktop bar and the mobile menu; each landmark keeps its own name. An item
 * with something unread shows a count (Messages) or a dot, and says so: "Messages, 2 unread".
 */
function NavList({
  label,
  nav,
  moreNav = [],
  className,
  counts,
  rows = false,
}: {
  label: string;
  nav: NavItem[];
  moreNav?: NavItem[];
  className: string;
  counts: UnreadCounts | undefined;
  rows?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <nav aria-label={label} className={className}>
      {nav.map((item) => {
        const chat = item.unread === "messages";
        const unread = (item.unread && counts && (chat ? counts.chat : counts.areas[item.unread])) || 0;
        const name = i18n._(item.label);
        return (
          <NavLink key={item.to} to={item.to} end={item.end} className={linkClass(rows)} aria-label={withUnread(name, unread)}>
            {name}
            {unread > 0 ? (
              <span aria-hidden className={cn("ml-1.5 rounded-full bg-destructive text-xs text-destructive-foreground", chat ? "px-1.5" : "inline-block h-2 w-2 align-middle")}>
                {chat ? badgeNumber(unread) : null}
              </span>
            ) : null}
          </NavLink>
        );
      })}
      {moreNav.length > 0 ? <MoreNav items={moreNav} linkClass={linkClass(rows)} /> : null}
    </nav>
  );
}

/**
 * The user menu: who is signed in, linking to their account page (name, address, password).
 * `align` puts the name on the side of the bar it sits on.
 */
function UserMenu({ name, href, align }: { name: string; href: string; align: "left" | "right" }) {
  return (
    <Link
      to={href}
      className={cn(
        "flex min-h-11 items-center gap-2 rounded-md px-2 py-1 text-sm leading-tight hover:bg-muted",
        "focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        align === "right" ? "flex-row-reverse text-right" : "text-left",
      )}
    >
      <UserRound className="h-5 w-5 text-muted-foreground" aria-hidden />
      <span>
        {/* A long name is cut short rather than push the bar onto a second row; the account page has it whole. */}
        <span className="block max-w-40 truncate font-medium" title={name}>
          {name}
        </span>
        <ConnectionStatus className={cn(align === "right" && "justify-end")} />
        <span className="sr-only">
          <Trans>, account settings</Trans>
        </span>
      </span>
    </Link>
  );
}

/**
 * `iconOnDesktop`: the bar's button shows its icon alone up to 1536 px (its name stays, for a screen
 * reader and a tooltip), so the admin's nav keeps one row at 1280 px with unread counts beside it.
 */
function LogoutButton({ onClick, className, iconOnDesktop = false }: { onClick: () => void; className?: string; iconOnDesktop?: boolean }) {
  const { t } = useLingui();
  return (
    <Button variant="outline" size="sm" className={className} onClick={onClick} title={iconOnDesktop ? t`Logout` : undefined}>
      <LogOut className="h-4 w-4" aria-hidden />
      <span className={cn(iconOnDesktop && "sr-only 2xl:not-sr-only")}>
        <Trans>Logout</Trans>
      </span>
    </Button>
  );
}

/**
 * Sticky header with brand, title, nav, the user, the theme and Logout; a collapsible menu on small
 * screens; the offline banner under it. `children` stand in for the route's page (the 404 page).
 */
export function AppShell({ title, home, nav, moreNav = [], area, tools, children }: AppShellProps & { children?: ReactNode }) {
  const { t } = useLingui();
  const me = useMe();
  const logout = useLogout();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuFor, setMenuFor] = useState(location.pathname);
  if (menuFor !== location.pathname) {
    // Navigating closes the mobile menu.
    setMenuFor(location.pathname);
    setMenuOpen(false);
  }
  const user = me.data;
  // One live event stream per signed-in tab; both layouts render this shell once. None for an
  // admin who must turn on two-factor sign-in first: the server refuses it.
  const live = !!user && !user.twoFactor.required;
  useRealtime(live ? user.id : undefined);
  const counts = useUnreadCounts(live).data;

  return (
    <div className="min-h-screen">
      {/* The first tab stop: past the header and its navigation, straight to the page. */}
      <a
        href="#main-content"
        className="sr-only rounded-md bg-background px-4 py-3 text-sm font-medium text-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        <Trans>Skip to content</Trans>
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
        <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-3 px-4">
          <Link to={home} className="inline-flex min-h-11 shrink-0 items-center text-lg font-bold text-primary">
            {brandName}
          </Link>
          {/* On every width: cut short with an ellipsis when the header runs out of room. */}
          <span className="min-w-24 shrink-[999] truncate text-sm font-medium text-muted-foreground">{title}</span>
          {/* Where the labels are longer than the bar (German at 1024 px), the title gives way first, then the nav wraps onto a second row: the account and sign-out stay in view. */}
          <NavList label={t`Main`} nav={nav} moreNav={moreNav} counts={counts} className="ml-1 hidden min-w-0 flex-wrap items-center gap-1 py-2 md:flex" />
          {/* On every width, beside the menu button on small screens. */}
          <div className="ml-auto flex items-center gap-1">
            {tools}
            {live ? <NotificationBell area={area} /> : null}
          </div>
          <div className="hidden shrink-0 items-center gap-2 md:flex">
            <ThemeMenu />
            {user ? <UserMenu name={displayName(user)} href={`${home}/account`} align="right" /> : null}
            <LogoutButton onClick={logout} iconOnDesktop />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="h-11 w-11 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
            <span className="sr-only">{menuOpen ? t`Close menu` : t`Open menu`}</span>
          </Button>
        </div>
        {menuOpen ? (
          <div id="mobile-menu" className="border-t border-border px-4 pb-4 md:hidden">
            <NavList label={t`Mobile`} nav={[...nav, ...moreNav]} counts={counts} rows className="flex flex-col gap-1 pt-2" />
            <div className="mt-3 border-t border-border pt-3">
              <ThemeChoices />
            </div>
            <div className="mt-3 flex items-center justify-between border-t border-border pt-3">
              {user ? <UserMenu name={displayName(user)} href={`${home}/account`} align="left" /> : null}
              <LogoutButton onClick={logout} className="h-11" />
            </div>
          </div>
        ) : null}
        <ConnectionBanner />
      </header>
      {/* Focusable by script only, so the skip link moves focus (and a screen reader) here. */}
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 focus:outline-none">
        <PageErrorBoundary>
          <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
        </PageErrorBoundary>
      </main>
    </div>
  );
}
