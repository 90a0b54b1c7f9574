import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BackLink } from "@/web/components/layout/back-link";
import { RecordStates } from "@/web/components/layout/record-states";
import { useReadOnVisit } from "@/web/features/notifications";
import { isNotFound } from "@/web/lib/api";
import { useFailureToast } from "@/web/lib/use-error-toast";

interface RecordPageProps<T> {
  /** The list the page came from: "Back to Tickets". */
  back: { to: string; label: string };
  /** The customer's pages space the way back from the record and show it as a button. */
  area: "admin" | "customer";
  query: UseQueryResult<T>;
  missing: boolean;
  notFound: ReactNode;
  loadError: string;
  children: (record: T) => ReactNode;
}

/** A record's page: the way back to its list, then the record's states (RecordStates). */
export function RecordPage<T>({ back, area, ...states }: RecordPageProps<T>) {
  const customer = area === "customer";
  const content = (
    <>
      <BackLink to={back.to} label={back.label} asButton={customer} />
      <RecordStates {...states} />
    </>
  );
  return customer ? <div className="space-y-6">{content}</div> : content;
}

type Subject = "invoice" | "project" | "ticket" | "quote";

/**
 * The load of a customer's record page: the record's notifications are read once it is shown, and a
 * failure other than "not found" is toasted once. Answers whether the record is missing; another
 * company's record answers like a missing one (D11).
 */
export function useCustomerRecord(subject: Subject, query: UseQueryResult<{ id: string }>, { failed, malformedToo = false }: { failed: string; malformedToo?: boolean }) {
  useReadOnVisit(subject, query.data?.id);
  const missing = isNotFound(query.error, { malformedToo });
  useFailureToast(query.isError && !missing, failed, `load-${subject}`);
  return missing;
}
