import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import type { Page } from "@/shared/schemas/pagination";
import { formatNumber } from "@/shared/format";
import { Button } from "./button";
import { TableHead } from "./table";

export type SortDirection = "asc" | "desc";

export interface ListParams {
  page: number;
  q: string;
  sort: SortDirection;
}

/**
 * A server-paginated list's state (page, search, sort) kept in the URL, so a reload, the back
 * button or a shared link shows the same page. A new search or sort starts again at page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const q = params.get("q")?.trim() ?? "";
  const sort: SortDirection = params.get("sort") === "asc" ? "asc" : "desc";

  const update = useCallback(
    (changes: Partial<Record<"page" | "q" | "sort", string | null>>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        // Typing a search should not leave one history entry per keystroke.
        { replace: changes.q !== undefined },
      );
    },
    [setParams],
  );

  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]);
  const setQuery = useCallback((next: string) => update({ q: next.trim() || null, page: null }), [update]);
  const setSort = useCallback((next: SortDirection) => update({ sort: next === "desc" ? null : next, page: null }), [update]);

  return { page, q, sort, setPage, setQuery, setSort };
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

interface PaginationProps {
  /** The page the server answered: its number, size, total and whether the total is exact. */
  data: Page<unknown>;
  onPageChange: (page: number) => void;
  /** Names the list for screen readers, e.g. "Customers pages". */
  label?: string;
}

/**
 * Previous / Next with "Page X of Y". Past the server's count cap the total is a lower bound
 * ("10,000+ results", "Page 3 of 200+"), and Next stays on while pages come back full.
 */
export function Pagination({ data, onPageChange, label }: PaginationProps) {
  const { t } = useLingui();
  const { page, pageSize, total, totalExact, items } = data;
  const pages = pageCount(total, pageSize);
  const more = totalExact ? "" : "+";
  const hasNext = totalExact ? page < pages : items.length === pageSize;
  // "10,000+": past the count cap (where the total is never 1) the total is a lower bound.
  const count = `${formatNumber(total)}${more}`;
  const lastPage = `${formatNumber(Math.max(pages, page))}${more}`;
  return (
    <nav aria-label={label ?? t`Pagination`} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">{t`${plural(total, { one: `${count} result`, other: `${count} results` })}`}</p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(totalExact ? Math.min(page - 1, pages) : page - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
          <Trans>Previous</Trans>
        </Button>
        <span aria-live="polite" className="min-w-24 text-center">
          <Trans>
            Page {page} of {lastPage}
          </Trans>
        </span>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
          <Trans>Next</Trans>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

/** A list sorted by its one sortable column: the order, and how to change it. */
export interface Sorting {
  sort: SortDirection;
  onSortChange: (sort: SortDirection) => void;
}

interface SortableHeadProps extends Sorting {
  label: string;
}

/** A column header that sorts the list by that column, announcing the order (aria-sort). */
export function SortableHead({ label, sort, onSortChange }: SortableHeadProps) {
  const { t } = useLingui();
  const Icon = sort === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={sort === "asc" ? "ascending" : "descending"} data-label={label}>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none max-sm:min-h-11 pointer-coarse:min-h-11"
        onClick={() => onSortChange(sort === "asc" ? "desc" : "asc")}
        title={sort === "asc" ? t`Oldest first; click for newest first` : t`Newest first; click for oldest first`}
      >
        {label}
        <Icon className="h-3.5 w-3.5" aria-hidden />
        <span className="sr-only">{sort === "asc" ? t`, oldest first` : t`, newest first`}</span>
      </button>
    </TableHead>
  );
}
