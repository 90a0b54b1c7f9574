import { PageHeader } from "../../../components/layout/page-header";
import { TicketList } from "../../../features/admin-tickets/components/ticket-list";

export function AdminTicketsRoute() {
  return (
    <>
      <PageHeader title="Tickets" description="Support tickets of every customer." />
      <TicketList />
    </>
  );
}
