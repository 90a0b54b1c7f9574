import { useLingui } from "@lingui/react/macro";
import { HeadedPage } from "@/web/components/layout/page-header";
import { NoQuotesYet, QuoteList } from "@/web/features/quotes/components/quote-list";

export function QuotesRoute() {
  const { t } = useLingui();
  return (
    <HeadedPage title={t`Quotes`} description={t`Quotes for your company: read them, and accept or decline them.`}>
      <div className="space-y-4">
        <QuoteList basePath="/dashboard/quotes" empty={<NoQuotesYet />} />
      </div>
    </HeadedPage>
  );
}
