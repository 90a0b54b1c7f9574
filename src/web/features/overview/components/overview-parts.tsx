import { useLingui } from "@lingui/react/macro";
import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatNumber } from "@/shared/format";
import type { CappedOverviewCount } from "@/shared/schemas/overview";
import { Card } from "@/web/components/ui/card";
import { formatCurrency } from "@/web/lib/format-currency";

/** A capped count as the admin lists show theirs: "10,000+" beyond the cap. */
export const cappedNumber = ({ count, exact }: CappedOverviewCount) => `${formatNumber(count)}${exact ? "" : "+"}`;

interface SectionProps<Item> {
  /** The section's heading; it also names the region for screen readers. */
  title: string;
  /** How many there are in all (the rows below are the first few): shown beside the heading. */
  count?: string;
  /** "View all": the full, filtered list. */
  viewAll?: { to: string; label: string };
  /** The first few records, one row each. */
  items: readonly Item[];
  /** What the section says when it has no rows. */
  empty: string;
  /** One record's row. */
  children: (item: Item) => ReactNode;
  testId?: string;
}

/** One card of an overview: a heading with its count, up to a few rows, and a link to the full list. */
export function OverviewSection<Item>({ title, count, viewAll, items, empty, children, testId }: SectionProps<Item>) {
  const id = `overview-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <Card role="region" aria-labelledby={id} data-testid={testId} className="flex min-w-0 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
        <h2 id={id} className="text-base font-semibold">
          {title}
          {count !== undefined ? (
            <span data-testid="section-count" className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
              {count}
            </span>
          ) : null}
        </h2>
        {viewAll ? (
          <Link to={viewAll.to} className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary hover:underline">
            {viewAll.label}
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Link>
        ) : null}
      </div>
      {items.length === 0 ? <p className="px-4 py-6 text-center text-sm text-muted-foreground">{empty}</p> : <ul className="divide-y divide-border">{items.map(children)}</ul>}
    </Card>
  );
}

interface RowProps {
  to: string;
  /** The row's name: a ticket's "#142 Title", a company, an invoice number. */
  title: ReactNode;
  /** The line under it: the company, who and when. */
  detail?: ReactNode;
  /** At the row's end: a badge, an amount. */
  aside?: ReactNode;
}

/** One row of a section, the whole row one link to its record (at least 44 px high for a thumb). */
export function OverviewRow({ to, title, detail, aside }: RowProps) {
  return (
    <li>
      <Link to={to} className="flex min-h-11 items-center gap-3 px-4 py-2.5 hover:bg-muted/60 focus-visible:bg-muted/60">
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{title}</span>
          {detail ? <span className="block truncate text-xs text-muted-foreground">{detail}</span> : null}
        </span>
        {aside ? <span className="shrink-0 text-sm">{aside}</span> : null}
      </Link>
    </li>
  );
}

interface CountLinkProps {
  label: string;
  value: string;
  to: string;
  icon?: ReactNode;
  testId?: string;
}

/** A number that opens the list it counts (tickets in a status, what is owed). */
export function CountLink({ label, value, to, icon, testId }: CountLinkProps) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-border bg-background p-4 shadow-sm hover:border-primary/60 hover:bg-muted/40"
    >
      <span className="min-w-0">
        <span className="block text-sm font-medium text-muted-foreground">{label}</span>
        <span data-testid="count-value" className="mt-1 block text-2xl font-bold tabular-nums">
          {value}
        </span>
      </span>
      {icon ? (
        <span aria-hidden className="rounded-full bg-muted p-3 text-primary">
          {icon}
        </span>
      ) : null}
    </Link>
  );
}

/** A ticket as a row names it: "#142 Login fails". */
export function TicketName({ number, title }: { number: number; title: string }) {
  return (
    <>
      <span className="text-muted-foreground">#{number}</span> {title}
    </>
  );
}

/** What is still owed of an overdue invoice (a partly paid one at what is left), as the balance sums it. */
export function AmountDue({ amount, currency }: { amount: string; currency: string }) {
  const { t } = useLingui();
  return (
    <span className="font-medium text-red-700 dark:text-red-300" title={t`Amount due`}>
      {formatCurrency(amount, currency)}
    </span>
  );
}
