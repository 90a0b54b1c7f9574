import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { EmptyState } from "@/web/components/ui/empty-state";
import { RecordActivityCard } from "@/web/features/activity";
import { useInvoice } from "@/web/features/invoices/api/use-invoice";
import { InvoiceDetail } from "@/web/features/invoices/components/invoice-detail";
import { RecordPage, useCustomerRecord } from "../../record-page";

export function InvoiceDetailRoute() {
  const invoice = useInvoice(useParams().id ?? "");
  const { t } = useLingui();
  // Missing, another company's (D11) and a malformed id (400) all mean there is no such invoice.
  const missing = useCustomerRecord("invoice", invoice, { failed: t`Failed to load invoice`, malformedToo: true });

  return (
    <RecordPage area="customer" back={{ to: "/dashboard/invoices", label: t`Back to Invoices` }} query={invoice} missing={missing} notFound={<EmptyState title={t`Invoice not found`} />} loadError={t`Could not load this invoice.`}>
      {(current) => (
        <>
          <InvoiceDetail invoice={current} />
          <RecordActivityCard target={{ kind: "invoice", id: current.id }} />
        </>
      )}
    </RecordPage>
  );
}
