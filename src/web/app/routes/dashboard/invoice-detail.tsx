import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { BackLink } from "@/web/components/layout/back-link";
import { RecordStates } from "@/web/components/layout/record-states";
import { EmptyState } from "@/web/components/ui/empty-state";
import { RecordActivityCard } from "@/web/features/activity";
import { useInvoice } from "@/web/features/invoices/api/use-invoice";
import { InvoiceDetail } from "@/web/features/invoices/components/invoice-detail";
import { isNotFound } from "@/web/lib/api";
import { useFailureToast } from "@/web/lib/use-error-toast";
import { useReadOnVisit } from "@/web/features/notifications";

export function InvoiceDetailRoute() {
  const id = useParams().id ?? "";
  const invoice = useInvoice(id);
  const { t } = useLingui();
  useReadOnVisit("invoice", invoice.data?.id);
  // Missing, another company's (D11) and a malformed id (400) all mean there is no such invoice.
  const notFound = isNotFound(invoice.error, { malformedToo: true });
  useFailureToast(invoice.isError && !notFound, t`Failed to load invoice`, "load-invoice");

  return (
    <div className="space-y-6">
      <BackLink to="/dashboard/invoices" label={t`Back to Invoices`} asButton />
      <RecordStates query={invoice} missing={notFound} notFound={<EmptyState title={t`Invoice not found`} />} loadError={t`Could not load this invoice.`}>
        {(current) => (
          <>
            <InvoiceDetail invoice={current} />
            <RecordActivityCard target={{ kind: "invoice", id: current.id }} />
          </>
        )}
      </RecordStates>
    </div>
  );
}
