import { Trans } from "@lingui/react/macro";
import { Card, CardContent, CardHeader } from "@/web/components/ui/card";
import { AnswerQuote } from "./answer-quote";
import { QuoteAnswer, QuotePdfLink } from "./quote-answer";
import { QuoteBody, type QuoteDetail as Detail } from "./quote-body";
import { QuoteStatusBadge } from "./quote-status-badge";

/** The customer's view of one quote: what it offers and its PDF, then its answer, or the owner's way to give one. */
export function QuoteDetail({ quote }: { quote: Detail }) {
  const quoteNumber = quote.quoteNumber;
  return (
    <Card>
      <CardHeader className="space-y-2">
        <h1 className="text-2xl font-bold">
          <Trans>Quote {quoteNumber}</Trans>
        </h1>
        <p className="text-lg">{quote.title}</p>
        <div>
          <QuoteStatusBadge status={quote.status} />
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <QuoteBody quote={quote} />
        <div>
          <QuotePdfLink quote={quote} />
        </div>
        <QuoteAnswer quote={quote} area="customer" />
        {quote.canAnswer ? (
          <div className="border-t border-border pt-6">
            <AnswerQuote quote={quote} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
