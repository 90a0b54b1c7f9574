import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { RecordPage } from "../../record-page";
import { EmptyState } from "@/web/components/ui/empty-state";
import { RecordActivityCard } from "@/web/features/activity";
import { useReadOnVisit } from "@/web/features/notifications";
import { useQuote } from "@/web/features/quotes/api/use-quotes";
import { AdminQuoteDetail } from "@/web/features/quotes/components/admin/admin-quote-detail";
import { isNotFound } from "@/web/lib/api";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { quoteLinesEditor } from "./quote-lines-editor";

export function AdminQuoteDetailRoute() {
  const { id = "" } = useParams();
  const quote = useQuote(id);
  useReadOnVisit("quote", quote.data?.id);
  const { t } = useLingui();
  // A malformed id (400) is as missing as an unknown one (404), and a deleted draft too.
  const notFound = isNotFound(quote.error, { malformedToo: true });
  useErrorToast(notFound ? null : quote.error, { log: "Error fetching quote", toast: t`Error fetching quote` });
  return (
    <RecordPage area="admin" back={{ to: "/admin/quotes", label: t`Back to Quotes` }} query={quote} missing={notFound} notFound={<EmptyState title={t`Quote not found`} />} loadError={t`Could not load the quote.`}>
      {(current) => (
        <div className="space-y-6">
          <AdminQuoteDetail quote={current} linesEditor={quoteLinesEditor} />
          <RecordActivityCard target={{ kind: "quote", id: current.id }} />
        </div>
      )}
    </RecordPage>
  );
}
