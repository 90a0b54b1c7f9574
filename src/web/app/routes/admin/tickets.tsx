import { PageHeader } from "@/web/components/layout/page-header";
import { TicketList } from "@/web/features/tickets/components/admin/ticket-list";

export function AdminTicketsRoute() {
  return (
    <>
      <PageHeader title="Tickets" description="Support tickets of every customer." />
      <TicketList />
    </>
  );
}
