import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";

interface InvoiceRef {
  id: string;
  invoiceNumber: string;
}

interface InvoiceLineageProps {
  /** The invoice this one re-issues (admins only: a customer reads it from the other side). */
  replaces?: InvoiceRef | null | undefined;
  /** The invoice that re-issues this one, as the server lets the caller see it (never a draft for a customer). */
  replacedBy: InvoiceRef | null;
  /** Where invoice detail pages live for the reader: /admin/invoices or /dashboard/invoices. */
  basePath: string;
  /** The quote whose acceptance made it (ADR 049), linked beside its quotes: /admin/quotes or /dashboard/quotes. */
  fromQuote?: { id: string; quoteNumber: string } | null | undefined;
}

function InvoiceRefLink({ invoice, basePath }: { invoice: InvoiceRef; basePath: string }) {
  return (
    <Link to={`${basePath}/${invoice.id}`} className="font-medium text-primary hover:underline">
      {invoice.invoiceNumber}
    </Link>
  );
}

/** "From quote Q-…", "Replaces INV-…" and "Replaced by INV-…": where an invoice came from, and the chain of a re-issued one, both ways. */
export function InvoiceLineage({ replaces, replacedBy, basePath, fromQuote }: InvoiceLineageProps) {
  if (!replaces && !replacedBy && !fromQuote) return null;
  const quoteNumber = fromQuote?.quoteNumber;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {fromQuote ? (
        <span>
          <Trans>
            From quote{" "}
            <Link to={`${basePath.replace(/invoices$/, "quotes")}/${fromQuote.id}`} className="font-medium text-primary hover:underline">
              {quoteNumber}
            </Link>
          </Trans>
        </span>
      ) : null}
      {replaces ? (
        <span>
          <Trans>
            Replaces <InvoiceRefLink invoice={replaces} basePath={basePath} />
          </Trans>
        </span>
      ) : null}
      {replacedBy ? (
        <span>
          <Trans>
            Replaced by <InvoiceRefLink invoice={replacedBy} basePath={basePath} />
          </Trans>
        </span>
      ) : null}
    </p>
  );
}
