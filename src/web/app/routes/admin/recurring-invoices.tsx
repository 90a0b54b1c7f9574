import { useLingui } from "@lingui/react/macro";
import { BackLink } from "@/web/components/layout/back-link";
import { PageHeader } from "@/web/components/layout/page-header";
import { NewRecurringDialog } from "@/web/features/recurring/components/admin/new-recurring-dialog";
import { RecurringList } from "@/web/features/recurring/components/admin/recurring-list";
import { recurringLinesEditor } from "./recurring-lines-editor";

/** Reached from the Invoices page (the admin bar has no room for another entry). */
export function AdminRecurringInvoicesRoute() {
  const { t } = useLingui();
  return (
    <>
      <BackLink to="/admin/invoices" label={t`Back to Invoices`} />
      <PageHeader
        title={t`Recurring invoices`}
        description={t`Invoices issued on a schedule, each with its next date.`}
        actions={<NewRecurringDialog linesEditor={recurringLinesEditor} />}
      />
      <RecurringList />
    </>
  );
}
