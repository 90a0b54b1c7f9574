import { useLingui } from "@lingui/react/macro";
import { FileText } from "lucide-react";
import { useSearchParams } from "react-router";
import { quoteStatuses, type QuoteStatus } from "@/shared/rules/quote";
import { EmptyState } from "@/web/components/ui/empty-state";
import { NativeSelect } from "@/web/components/ui/input";
import { quoteStatusMessages } from "../../lib/quote-labels";
import { QuoteList } from "../quote-list";

const isStatus = (value: string | null): value is QuoteStatus => quoteStatuses.includes(value as QuoteStatus);

/** Every company's quotes, filtered by status; the filter and the page live in the URL. */
export function AdminQuoteList() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status = isStatus(raw) ? raw : undefined;
  const setStatus = (next: string) =>
    setParams((previous) => {
      const changed = new URLSearchParams(previous);
      if (isStatus(next)) changed.set("status", next);
      else changed.delete("status");
      // Page 3 of every quote is not page 3 of the accepted ones.
      changed.delete("page");
      return changed;
    });
  return (
    <div className="space-y-4">
      <NativeSelect aria-label={t`Filter by status`} className="w-auto" value={status ?? ""} onChange={(event) => setStatus(event.target.value)}>
        <option value="">{t`All statuses`}</option>
        {quoteStatuses.map((value) => (
          <option key={value} value={value}>
            {i18n._(quoteStatusMessages[value])}
          </option>
        ))}
      </NativeSelect>
      <QuoteList
        basePath="/admin/quotes"
        status={status}
        withCompany
        empty={
          status ? (
            <EmptyState title={t`No matching quotes`} description={t`No quote has this status.`} />
          ) : (
            <EmptyState icon={<FileText className="h-10 w-10 text-muted-foreground" aria-hidden />} title={t`No Quotes Yet`} description={t`Create the first one with New Quote.`} />
          )
        }
      />
    </div>
  );
}
