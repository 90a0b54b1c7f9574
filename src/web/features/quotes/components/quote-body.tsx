import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { formatDate } from "@/shared/format";
import type { ApiOutput } from "@/web/lib/api-types";
import { formatCurrency } from "@/web/lib/format-currency";
import { LinesTable, TotalsList } from "@/web/features/invoices";
import { onAcceptance } from "../lib/quote-rules";

export type QuoteDetail = ApiOutput<"get", "/quotes/:id">;

/** What accepting the quote invoices, in a sentence (an admin's page also says when the invoice is made as a draft). */
export function OnAcceptanceText({ quote }: { quote: QuoteDetail }) {
  const shown = onAcceptance(quote);
  const money = (amount: string | null) => (amount === null ? "" : formatCurrency(amount, quote.currency));
  switch (shown.kind) {
    case "none":
      return <Trans>Nothing is invoiced on acceptance.</Trans>;
    case "full": {
      const total = money(quote.amount);
      return <Trans>An invoice of the full amount ({total}) on acceptance.</Trans>;
    }
    case "depositPercent": {
      const { percent } = shown;
      const deposit = money(shown.deposit);
      return <Trans>An invoice of a {percent}% deposit ({deposit}) on acceptance.</Trans>;
    }
    case "depositAmount": {
      const deposit = money(shown.deposit);
      return <Trans>An invoice of a {deposit} deposit on acceptance.</Trans>;
    }
  }
}

/** What a quote says, read-only, on both roles' pages: valid until, what acceptance invoices (and `children`: more of its facts), its lines, the server's totals, notes and terms. */
export function QuoteBody({ quote, children }: { quote: QuoteDetail; children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">
            <Trans>Valid until</Trans>
          </dt>
          <dd data-testid="quote-valid-until">{formatDate(quote.validUntil)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>On acceptance</Trans>
          </dt>
          <dd data-testid="quote-on-acceptance">
            <OnAcceptanceText quote={quote} />
          </dd>
        </div>
        {children}
      </dl>
      <LinesTable lines={quote.lines} currency={quote.currency} label={t`Quote lines`} />
      <TotalsList label={t`Totals`} testIdPrefix="quote" amounts={{ subtotal: quote.subtotal, tax: quote.tax, total: quote.amount }} currency={quote.currency} />
      {[
        [t`Notes`, quote.notes],
        [t`Terms`, quote.terms],
      ].map(([label, text]) =>
        text ? (
          <section key={label} aria-label={label ?? undefined}>
            <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
            <p className="text-sm break-words whitespace-pre-line">{text}</p>
          </section>
        ) : null,
      )}
    </div>
  );
}
