import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Page } from "@/shared/schemas/pagination";
import { Card, CardContent } from "./ui/card";
import { EmptyState } from "./ui/empty-state";
import { LoadError } from "./ui/load-error";
import { Pagination } from "./ui/pagination";
import { Spinner } from "./ui/spinner";

interface PagedListProps<T> {
  query: UseQueryResult<Page<T>>;
  /** Plural noun for the loading, error and pager labels: "customers". */
  noun: string;
  /** Search text of the current view ("" for none). */
  q: string;
  onPageChange: (page: number) => void;
  /** Shown when there is nothing at all (not merely nothing matching the search). */
  empty: ReactNode;
  /** Says why a search found nothing, e.g. `No company name contains "acme".` */
  noMatch: string;
  /** The toolbar above the list: search box, sort toggle. */
  toolbar: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** A server-paginated admin list: toolbar, then loading, error, empty, no-match or table + pager. */
export function PagedList<T>({ query, noun, q, onPageChange, empty, noMatch, toolbar, children }: PagedListProps<T>) {
  const data = query.data;
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="flex justify-center p-10">
        <Spinner label={`Loading ${noun}`} />
      </div>
    );
  } else if (query.isError || !data) {
    body = <LoadError message={`Could not load ${noun}.`} onRetry={() => void query.refetch()} />;
  } else if (data.total === 0 && !q) {
    body = empty;
  } else if (data.items.length === 0 && data.page === 1) {
    body = <EmptyState title={`No matching ${noun}`} description={noMatch} />;
  } else {
    const label = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} pages`;
    body = (
      <>
        <Card aria-busy={query.isPlaceholderData}>
          <CardContent className="p-0">{children(data.items)}</CardContent>
        </Card>
        <Pagination label={label} data={data} onPageChange={onPageChange} />
      </>
    );
  }
  return (
    <div className="space-y-4">
      {toolbar}
      {body}
    </div>
  );
}
