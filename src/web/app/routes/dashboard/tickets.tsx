import { HeadedPage } from "@/web/components/layout/page-header";
import { useProjectOptions } from "@/web/features/projects/api/use-projects";
import { NewTicketDialog } from "@/web/features/tickets/components/new-ticket-dialog";
import { TicketBoard } from "@/web/features/tickets/components/ticket-board";

export function TicketsRoute() {
  const projects = useProjectOptions();
  return (
    <HeadedPage
      title="Tickets"
      description="Questions, requests and issues, and where each one stands."
      actions={<NewTicketDialog projects={projects.data} projectsFailed={projects.isError} />}
    >
      <TicketBoard />
    </HeadedPage>
  );
}
