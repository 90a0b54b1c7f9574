import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime } from "@/shared/format";
import { PdfButton } from "@/web/components/pdf-button";
import { quotePdfHref } from "../lib/quote-pdf-href";
import type { QuoteDetail } from "./quote-body";

export function Fact({ label, name, className, children }: { label: ReactNode; name: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd data-testid={`quote-${name}`} className="break-words">
        {children}
      </dd>
    </div>
  );
}

/** The quote's PDF in a new tab, through the API's access check; a draft's is a preview. */
export function QuotePdfLink({ quote }: { quote: Pick<QuoteDetail, "id" | "quoteNumber" | "status"> }) {
  const quoteNumber = quote.quoteNumber;
  return (
    <PdfButton href={quotePdfHref(quote.id)}>
      {quote.status === "draft" ? (
        <Trans>
          Preview PDF<span className="sr-only"> of quote {quoteNumber} (opens in a new tab)</span>
        </Trans>
      ) : (
        <Trans>
          Download PDF<span className="sr-only"> of quote {quoteNumber} (opens in a new tab)</span>
        </Trans>
      )}
    </PdfButton>
  );
}

/**
 * How the quote was answered: who signed, when, the document's SHA-256 and the signature as
 * given (`origin`: the admin's page adds where it came from), or the decline and its
 * reason; and the invoice accepting it made, on the reader's side of the app.
 */
export function QuoteAnswer({ quote, area, origin }: { quote: QuoteDetail; area: "admin" | "customer"; origin?: (acceptance: NonNullable<QuoteDetail["acceptance"]>) => ReactNode }) {
  const { t } = useLingui();
  const { acceptance, decline, invoice } = quote;
  const invoiceBase = area === "admin" ? "/admin/invoices" : "/dashboard/invoices";
  const invoiceNumber = invoice?.invoiceNumber;
  const invoiceLink = invoice ? (
    <p className="text-sm">
      <Trans>
        Invoice made:{" "}
        <Link to={`${invoiceBase}/${invoice.id}`} className="inline-flex min-h-11 items-center font-medium text-primary hover:underline sm:min-h-0">
          {invoiceNumber}
        </Link>
      </Trans>
    </p>
  ) : null;

  if (acceptance) {
    const signer = acceptance.signerName;
    return (
      <section aria-labelledby="quote-acceptance-heading" className="space-y-3">
        <h2 id="quote-acceptance-heading" className="text-lg font-semibold">
          <Trans>Acceptance</Trans>
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Fact label={<Trans>Signed by</Trans>} name="signer">
            {acceptance.signerName}
          </Fact>
          <Fact label={<Trans>Accepted on</Trans>} name="accepted-at">
            {formatDateTime(acceptance.acceptedAt)}
          </Fact>
          {origin?.(acceptance)}
          <Fact label={<Trans>SHA-256 of the accepted document</Trans>} name="sha256" className="sm:col-span-2">
            <code className="font-mono text-xs break-all">{acceptance.documentSha256}</code>
          </Fact>
        </dl>
        <img src={acceptance.signature} alt={t`Signature of ${signer}`} className="h-24 max-w-full rounded-md border border-border bg-white object-contain" />
        {invoiceLink}
      </section>
    );
  }
  if (decline) {
    const when = formatDateTime(decline.declinedAt);
    const by = decline.declinedBy?.name;
    return (
      <section aria-labelledby="quote-decline-heading" className="space-y-2 text-sm">
        <h2 id="quote-decline-heading" className="text-lg font-semibold">
          <Trans>Declined</Trans>
        </h2>
        <p>{by ? <Trans>Declined by {by} on {when}.</Trans> : <Trans>Declined on {when}.</Trans>}</p>
        <p data-testid="quote-decline-reason" className="break-words whitespace-pre-line">
          {decline.reason ?? t`No reason given.`}
        </p>
      </section>
    );
  }
  return invoiceLink;
}
