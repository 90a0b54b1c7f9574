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

/**
 * A panel's spinner or load error (a message log, an inbox, the notifications), in place of its list;
 * `className` places it in the panel, whose spacing each panel sets.
 */
export function PanelSpinner({ label, className }: { label: string; className: string }) {
  return (
    <div className={className}>
      <Spinner label={label} />
    </div>
  );
}

export function PanelLoadError({ message, onRetry, className }: { message: string; onRetry: () => void; className: string }) {
  return (
    <div className={className}>
      <LoadError message={message} onRetry={onRetry} />
    </div>
  );
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
