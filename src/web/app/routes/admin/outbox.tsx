import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { OutboxList } from "@/web/features/outbox/components/admin/outbox-list";

export function AdminOutboxRoute() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Outbox`}
        description={t`Every mail the portal sends, and where it is. Without SMTP_URL nothing leaves the server: read the mail here (or in the server log).`}
      />
      <OutboxList />
    </>
  );
}
