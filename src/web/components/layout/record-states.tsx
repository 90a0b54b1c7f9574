import type { ReactNode } from "react";
import type { UseInfiniteQueryResult, UseQueryResult } from "@tanstack/react-query";
import { LoadError } from "@/web/components/ui/load-error";
import { PageSpinner, Spinner } from "@/web/components/ui/spinner";

interface QueryStatesProps<T> {
  query: UseQueryResult<T> | UseInfiniteQueryResult<T>;
  /** The message of the load error, beside its "Try again". */
  loadError: string;
  /**
   * For a part of a page (a card's list): the spinner's accessible label, shown small in place of
   * the list. Without it, the whole page's spinner.
   */
  loading?: string;
  children: (data: T) => ReactNode;
}

/**
 * The states of what a page, or a part of it, loads: a spinner while it loads, a load error with
 * "Try again" when it failed, then what it loaded.
 */
export function QueryStates<T>({ query, loadError, loading, children }: QueryStatesProps<T>) {
  if (query.isPending) {
    return loading ? (
      <div className="flex justify-center py-4">
        <Spinner label={loading} />
      </div>
    ) : (
      <PageSpinner />
    );
  }
  if (query.isError) return <LoadError message={loadError} onRetry={() => void query.refetch()} />;
  return children(query.data);
}

interface PanelStatesProps {
  query: { isPending: boolean; refetch: () => unknown };
  /** Whether the panel has nothing to show for a failure (a failed later page keeps the pages shown). */
  failed: boolean;
  /** The spinner's accessible label, and the load error's message beside its "Try again". */
  loading: string;
  loadError: string;
  /** Where the spinner (centred) or the load error sits in the panel, whose spacing each panel sets. */
  className: string;
  children: ReactNode;
}

/**
 * The states of a panel's list (a message log, an inbox, the notifications): its spinner while it
 * loads, its load error when it has nothing to show, then its content.
 */
export function PanelStates({ query, failed, loading, loadError, className, children }: PanelStatesProps) {
  if (query.isPending) {
    return (
      <div className={`flex items-center justify-center ${className}`}>
        <Spinner label={loading} />
      </div>
    );
  }
  if (failed) {
    return (
      <div className={className}>
        <LoadError message={loadError} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return children;
}

interface RecordStatesProps<T> {
  query: UseQueryResult<T>;
  /** Whether the server said there is no such record (the page decides which answers mean that). */
  missing: boolean;
  /** What the page shows for a record that does not exist, in the spec's words. */
  notFound: ReactNode;
  /** The message of the load error, beside its "Try again". */
  loadError: string;
  children: (record: T) => ReactNode;
}

/**
 * The states every page of one record goes through: a spinner while it loads, the page's
 * not-found view, a load error with "Try again" for any other failure, then the record.
 */
export function RecordStates<T>({ query, missing, notFound, loadError, children }: RecordStatesProps<T>) {
  if (!query.isPending && missing) return notFound;
  return (
    <QueryStates query={query} loadError={loadError}>
      {children}
    </QueryStates>
  );
}
