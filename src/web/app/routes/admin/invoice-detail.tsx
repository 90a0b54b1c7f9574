import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { RecordPage } from "../../record-page";
import { EmptyState } from "@/web/components/ui/empty-state";
import { RecordActivityCard } from "@/web/features/activity";
import { useInvoice } from "@/web/features/invoices/api/use-invoice";
import { AdminInvoiceDetail } from "@/web/features/invoices/components/admin/admin-invoice-detail";
import { isNotFound } from "@/web/lib/api";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useReadOnVisit } from "@/web/features/notifications";

export function AdminInvoiceDetailRoute() {
  const { id = "" } = useParams();
  const invoice = useInvoice(id);
  const { t } = useLingui();
  useReadOnVisit("invoice", invoice.data?.id);
  // A malformed id (400) is as missing as an unknown one (404), and a deleted draft too.
  const notFound = isNotFound(invoice.error, { malformedToo: true });
  useErrorToast(notFound ? null : invoice.error, { log: "Error fetching invoice", toast: t`Error fetching invoice` });

  return (
    <RecordPage area="admin" back={{ to: "/admin/invoices", label: t`Back to Invoices` }} query={invoice} missing={notFound} notFound={<EmptyState title={t`Invoice not found`} />} loadError={t`Could not load the invoice.`}>
      {(current) => (
        <div className="space-y-6">
          <AdminInvoiceDetail invoice={current} />
          <RecordActivityCard target={{ kind: "invoice", id: current.id }} />
        </div>
      )}
    </RecordPage>
  );
}
