import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { TicketList } from "@/web/features/tickets/components/admin/ticket-list";

export function AdminTicketsRoute() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Tickets`} description={t`Support tickets of every customer.`} />
      <TicketList />
    </>
  );
}
