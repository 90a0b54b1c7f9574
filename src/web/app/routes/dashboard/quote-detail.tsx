import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { EmptyState } from "@/web/components/ui/empty-state";
import { RecordActivityCard } from "@/web/features/activity";
import { useQuote } from "@/web/features/quotes/api/use-quotes";
import { QuoteDetail } from "@/web/features/quotes/components/quote-detail";
import { RecordPage, useCustomerRecord } from "../../record-page";

export function QuoteDetailRoute() {
  const quote = useQuote(useParams().id ?? "");
  const { t } = useLingui();
  // Missing, another company's, a draft (D11) and a malformed id (400) all mean there is no such quote.
  const missing = useCustomerRecord("quote", quote, { failed: t`Failed to load quote`, malformedToo: true });
  return (
    <RecordPage area="customer" back={{ to: "/dashboard/quotes", label: t`Back to Quotes` }} query={quote} missing={missing} notFound={<EmptyState title={t`Quote not found`} />} loadError={t`Could not load this quote.`}>
      {(current) => (
        <>
          <QuoteDetail quote={current} />
          <RecordActivityCard target={{ kind: "quote", id: current.id }} />
        </>
      )}
    </RecordPage>
  );
}
