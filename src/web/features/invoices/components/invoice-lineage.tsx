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
}

function InvoiceRefLink({ invoice, basePath }: { invoice: InvoiceRef; basePath: string }) {
  return (
    <Link to={`${basePath}/${invoice.id}`} className="font-medium text-primary hover:underline">
      {invoice.invoiceNumber}
    </Link>
  );
}

/** "Replaces INV-…" and "Replaced by INV-…": the chain of a re-issued invoice, both ways. */
export function InvoiceLineage({ replaces, replacedBy, basePath }: InvoiceLineageProps) {
  if (!replaces && !replacedBy) return null;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
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
