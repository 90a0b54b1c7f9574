import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/layout/page-header";
import { Card, CardContent, TitledCard } from "@/web/components/ui/card";
import { Fact, QuoteAnswer } from "../quote-answer";
import { QuoteBody, type QuoteDetail } from "../quote-body";
import { QuoteStatusBadge } from "../quote-status-badge";
import { QuoteActions } from "./quote-actions";
import type { LinesEditor } from "./quote-form-fields";

/** One quote for an admin: whose it is, its status and the moves it allows, what it says, and how it was answered (with where the signature came from). */
export function AdminQuoteDetail({ quote, linesEditor }: { quote: QuoteDetail; linesEditor: LinesEditor }) {
  const { t } = useLingui();
  const quoteNumber = quote.quoteNumber;
  const answered = quote.acceptance || quote.decline || quote.invoice;
  return (
    <>
      <PageHeader
        title={t`Quote ${quoteNumber}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Link to={`/admin/customers/${quote.company.id}`} className="font-medium text-foreground hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center">
              {quote.company.name}
            </Link>
            <QuoteStatusBadge status={quote.status} />
          </span>
        }
        actions={<QuoteActions quote={quote} linesEditor={linesEditor} />}
      />
      <div className="space-y-6">
        <TitledCard title={quote.title}>
          <QuoteBody quote={quote}>
            {quote.invoicing === "none" ? null : (
              <Fact label={<Trans>The invoice is</Trans>} name="invoice-status">
                {quote.invoiceStatus === "draft" ? <Trans>A draft to review</Trans> : <Trans>Issued at once</Trans>}
              </Fact>
            )}
          </QuoteBody>
        </TitledCard>
        {answered ? (
          <Card>
            <CardContent className="pt-6">
              <QuoteAnswer
                quote={quote}
                area="admin"
                origin={(acceptance) => (
                  <>
                    <Fact label={<Trans>IP address</Trans>} name="ip">
                      {acceptance.ip ?? t`N/A`}
                    </Fact>
                    <Fact label={<Trans>Browser (user agent)</Trans>} name="user-agent">
                      {acceptance.userAgent ?? t`N/A`}
                    </Fact>
                  </>
                )}
              />
            </CardContent>
          </Card>
        ) : null}
      </div>
    </>
  );
}
