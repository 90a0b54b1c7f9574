import { Trans } from "@lingui/react/macro";
import { useLayoutEffect, useRef, type HTMLAttributes, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from "react";
import { Link } from "react-router";
import { cn } from "@/web/lib/cn";

/*
 * Below the `sm` breakpoint (640 px) a table is a stack of cards: each row a block, each cell a
 * line of "column label | value". The labels are the column headers' text, copied onto every body
 * cell as `data-label` (labelCells below), so every table gets the card layout without its rows
 * naming their columns twice. The header row is kept for screen readers; only its controls (a
 * sort button) stay in view. From `sm` up it is an ordinary table.
 */

/** A header cell's label on phones: its `data-label` if it has one, else its text. */
const headLabel = (head: HTMLTableCellElement) => head.dataset.label ?? head.textContent?.trim() ?? "";

/** Gives every body and footer cell its column's label, as `data-label`, for the phone layout. */
function labelCells(table: HTMLTableElement) {
  const heads = table.tHead?.rows[0]?.cells;
  if (!heads) return;
  const labels: string[] = [];
  for (const head of heads) for (let span = 0; span < head.colSpan; span++) labels.push(headLabel(head));
  for (const section of [...table.tBodies, ...(table.tFoot ? [table.tFoot] : [])]) {
    for (const row of section.rows) {
      let column = 0;
      for (const cell of row.cells) {
        const label = labels[column] ?? "";
        // Only a changed label is written: an attribute write does not wake the observer, but it
        // would still cost a style recalculation on every row.
        if (cell.dataset.label !== label) cell.dataset.label = label;
        column += cell.colSpan;
      }
    }
  }
}

export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  const ref = useRef<HTMLTableElement>(null);
  // Rows come and go (paging, live updates) and headers change language: label again on any
  // change of the table's content. Attribute writes are not observed, so labelling cannot loop.
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    labelCells(table);
    const observer = new MutationObserver(() => labelCells(table));
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  // `relative`: the scroll area must be the containing block of the cells' absolutely placed
  // screen-reader text (sr-only), or that text escapes its clipping and widens the whole page.
  return (
    <div className="relative w-full overflow-x-auto">
      <table ref={ref} className={cn("w-full caption-bottom text-sm max-sm:block", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return (
    <thead
      className={cn(
        "border-b border-border",
        // Phones: no header row to see, except the controls in it (a sort button), at the right.
        "max-sm:flex max-sm:justify-end max-sm:[&:not(:has(button))]:sr-only",
        "max-sm:[&_th:not(:has(button))]:sr-only max-sm:[&>tr]:flex max-sm:[&>tr]:border-0",
        className,
      )}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn("[&_tr:last-child]:border-0 max-sm:block", className)} {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn("border-b border-border transition-colors hover:bg-muted/50 max-sm:block max-sm:py-2", className)} {...props} />;
}

export function TableHead({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn("h-10 px-3 text-left align-middle font-medium text-muted-foreground", className)} {...props} />;
}

/**
 * On phones: the column's label, then the value beside it; a cell without a label (actions) spans
 * the card.
 */
const cardCell = cn(
  "max-sm:grid max-sm:grid-cols-[7rem_minmax(0,1fr)] max-sm:items-baseline max-sm:justify-items-start max-sm:gap-x-3 max-sm:px-3 max-sm:py-1",
  "max-sm:text-left max-sm:[overflow-wrap:anywhere] max-sm:[&>*]:col-start-2",
  // What does not wrap on a wide table (dates, "2 h ago") may wrap in a card's narrow value column.
  "max-sm:[&.whitespace-nowrap]:whitespace-normal max-sm:[&_.whitespace-nowrap]:whitespace-normal",
  "max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]",
  "max-sm:[&[data-label='']]:block max-sm:[&[data-label='']]:before:hidden",
  // A row of controls (a cell's actions) wraps within the card instead of running past it.
  "max-sm:[&>.flex]:flex-wrap max-sm:[&>.flex]:justify-start",
  // Its text links are tap targets of at least 44×44 px (buttons and links drawn as buttons, the
  // flex boxes, are by their own size); a block rather than a flex box, so that a link's text
  // ("#12 Title") still wraps as text.
  "max-sm:[&_a:not(.inline-flex)]:inline-block max-sm:[&_a:not(.inline-flex)]:min-h-11",
  "max-sm:[&_a:not(.inline-flex)]:min-w-11 max-sm:[&_a:not(.inline-flex)]:py-3",
);

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("p-3 align-middle", cardCell, className)} {...props} />;
}

/**
 * A header row of plain column names; those also in `alignedEnd` (amounts) sit at the cell's end,
 * like their figures. `children` adds cells after them (an actions column, say).
 */
export function TableHeadings({ names, alignedEnd = [], children }: { names: readonly string[]; alignedEnd?: readonly string[]; children?: ReactNode }) {
  return (
    <TableHeader>
      <TableRow>
        {names.map((name) => (
          <TableHead key={name} className={alignedEnd.includes(name) ? "text-right" : undefined}>
            {name}
          </TableHead>
        ))}
        {children}
      </TableRow>
    </TableHeader>
  );
}

/** The header of a column of row actions, named for screen readers only; none when nobody may act. */
export function ActionsHead({ shown = true }: { shown?: boolean }) {
  if (!shown) return null;
  return (
    // No label on phones: the actions' own names say what they do.
    <TableHead data-label="">
      <span className="sr-only">
        <Trans>Actions</Trans>
      </span>
    </TableHead>
  );
}

interface LinkCellProps {
  to: string;
  children: ReactNode;
  /** The row's own name: bold and in the primary colour, unlike links to related records. */
  main?: boolean;
  linkClassName?: string;
}

/** A cell holding one link, the way every list links a row to its detail screen. */
export function LinkCell({ to, children, main, linkClassName }: LinkCellProps) {
  return (
    <TableCell className={main ? "font-medium" : undefined}>
      <Link to={to} className={cn(main && "text-primary", "hover:underline", linkClassName)}>
        {children}
      </Link>
    </TableCell>
  );
}
