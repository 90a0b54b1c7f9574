import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { InboundMailList } from "@/web/features/inbound/components/admin/inbound-mail-list";

export function AdminInboundRoute() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Inbound mail`}
        description={t`The latest mails received: replies to notifications and mail to the support address, each posted or dropped and why. Needs INBOUND_DOMAIN.`}
      />
      <InboundMailList />
    </>
  );
}
