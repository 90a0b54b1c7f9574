import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { AdminQuoteList } from "@/web/features/quotes/components/admin/admin-quote-list";
import { NewQuoteDialog } from "@/web/features/quotes/components/admin/new-quote-dialog";
import { quoteLinesEditor } from "./quote-lines-editor";

export function AdminQuotesRoute() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Quotes`} description={t`Quotes sent to every customer, and their answers.`} actions={<NewQuoteDialog linesEditor={quoteLinesEditor} />} />
      <AdminQuoteList />
    </>
  );
}
