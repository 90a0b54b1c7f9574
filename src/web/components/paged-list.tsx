import { useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Page } from "@/shared/schemas/pagination";
import { Card, CardContent } from "./ui/card";
import { EmptyState } from "./ui/empty-state";
import { LoadError } from "./ui/load-error";
import { Pagination, type useListParams } from "./ui/pagination";
import { SearchInput } from "./ui/search-input";
import { Spinner } from "./ui/spinner";

interface PagedListProps<T> {
  query: UseQueryResult<Page<T>>;
  /** The list's URL state from useListParams: the search box and pager read and change it. */
  list: ReturnType<typeof useListParams>;
  /**
   * Plural noun for the search, loading, error and pager labels: "customers". Each label is one
   * catalogue message with the noun as its placeholder, so give the noun translated (t`customers`).
   */
  noun: string;
  /** What the search matches, for its placeholder (translated): "company name" gives "Search by company name". */
  searchBy: string;
  /** What a search that found nothing names, when not `searchBy`: `No ticket title contains "x".` */
  noMatchField?: string;
  /** Shown when there is nothing at all (not merely nothing matching the search). */
  empty: ReactNode;
  /** Controls beside the search box, e.g. a sort toggle. */
  actions?: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** A server-paginated admin list: search box, then loading, error, empty, no-match or table + pager. */
export function PagedList<T>({ query, list, noun, searchBy, noMatchField = searchBy, empty, actions, children }: PagedListProps<T>) {
  const { t } = useLingui();
  const { q } = list;
  const data = query.data;
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="flex justify-center p-10">
        <Spinner label={t`Loading ${noun}`} />
      </div>
    );
  } else if (query.isError || !data) {
    body = <LoadError message={t`Could not load ${noun}.`} onRetry={() => void query.refetch()} />;
  } else if (data.total === 0 && !q) {
    body = empty;
  } else if (data.items.length === 0 && data.page === 1) {
    const field = noMatchField;
    const searched = q;
    body = <EmptyState title={t`No matching ${noun}`} description={t`No ${field} contains "${searched}".`} />;
  } else {
    const listName = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
    const label = t`${listName} pages`;
    body = (
      <>
        <Card aria-busy={query.isPlaceholderData}>
          <CardContent className="p-0">{children(data.items)}</CardContent>
        </Card>
        <Pagination label={label} data={data} onPageChange={list.setPage} />
      </>
    );
  }
  const search = <SearchInput label={t`Search ${noun}`} placeholder={t`Search by ${searchBy}`} value={q} onSearch={list.setQuery} />;
  return (
    <div className="space-y-4">
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {search}
          {actions}
        </div>
      ) : (
        search
      )}
      {body}
    </div>
  );
}
