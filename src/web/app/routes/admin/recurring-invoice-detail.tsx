import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { RecordPage } from "../../record-page";
import { EmptyState } from "@/web/components/ui/empty-state";
import { useRecurringInvoice } from "@/web/features/recurring/api/use-recurring-invoices";
import { RecurringDetail } from "@/web/features/recurring/components/admin/recurring-detail";
import { isNotFound } from "@/web/lib/api";
import { useErrorToast } from "@/web/lib/use-error-toast";

export function AdminRecurringInvoiceDetailRoute() {
  const { id = "" } = useParams();
  const recurring = useRecurringInvoice(id);
  const { t } = useLingui();
  // A malformed id (400) is as missing as an unknown one (404).
  const notFound = isNotFound(recurring.error, { malformedToo: true });
  useErrorToast(notFound ? null : recurring.error, { log: "Error fetching recurring invoice", toast: t`Error fetching recurring invoice` });
  return (
    <RecordPage
      area="admin"
      back={{ to: "/admin/invoices/recurring", label: t`Back to Recurring invoices` }}
      query={recurring}
      missing={notFound}
      notFound={<EmptyState title={t`Recurring invoice not found`} />}
      loadError={t`Could not load the recurring invoice.`}
    >
      {(current) => <RecurringDetail recurring={current} />}
    </RecordPage>
  );
}
