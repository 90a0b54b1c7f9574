import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { EmptyState } from "@/web/components/ui/empty-state";
import { useQuote } from "@/web/features/quotes/api/use-quotes";
import { QuoteDetail } from "@/web/features/quotes/components/quote-detail";
import { isNotFound } from "@/web/lib/api";
import { useFailureToast } from "@/web/lib/use-error-toast";
import { RecordPage } from "../../record-page";

export function QuoteDetailRoute() {
  const quote = useQuote(useParams().id ?? "");
  const { t } = useLingui();
  // Missing, another company's, a draft (D11) and a malformed id (400) all mean there is no such quote.
  const missing = isNotFound(quote.error, { malformedToo: true });
  useFailureToast(quote.isError && !missing, t`Failed to load quote`, "load-quote");
  return (
    <RecordPage area="customer" back={{ to: "/dashboard/quotes", label: t`Back to Quotes` }} query={quote} missing={missing} notFound={<EmptyState title={t`Quote not found`} />} loadError={t`Could not load this quote.`}>
      {(current) => <QuoteDetail quote={current} />}
    </RecordPage>
  );
}
