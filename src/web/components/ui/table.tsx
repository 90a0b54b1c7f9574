import { Trans } from "@lingui/react/macro";
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { Link } from "react-router";
import { cn } from "@/web/lib/cn";

export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  // `relative`: the scroll area must be the containing block of the cells' absolutely placed
  // screen-reader text (sr-only), or that text escapes its clipping and widens the whole page.
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export const TableHeader = (props: HTMLAttributes<HTMLTableSectionElement>) => <thead className="border-b border-border" {...props} />;
export const TableBody = (props: HTMLAttributes<HTMLTableSectionElement>) => <tbody className="[&_tr:last-child]:border-0" {...props} />;

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn("border-b border-border transition-colors hover:bg-muted/50", className)} {...props} />;
}

export function TableHead({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn("h-10 px-3 text-left align-middle font-medium text-muted-foreground", className)} {...props} />;
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("p-3 align-middle", className)} {...props} />;
}

/** A header row of plain column names; `children` adds cells after them (an actions column, say). */
export function TableHeadings({ names, children }: { names: readonly string[]; children?: ReactNode }) {
  return (
    <TableHeader>
      <TableRow>
        {names.map((name) => (
          <TableHead key={name}>{name}</TableHead>
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
    <TableHead>
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
