import { useLingui } from "@lingui/react/macro";
import { HeadedPage } from "@/web/components/layout/page-header";
import { useProjectOptions } from "@/web/features/projects/api/use-projects";
import { NewTicketDialog } from "@/web/features/tickets/components/new-ticket-dialog";
import { TicketBoard } from "@/web/features/tickets/components/ticket-board";

export function TicketsRoute() {
  const projects = useProjectOptions();
  const { t } = useLingui();
  return (
    <HeadedPage
      title={t`Tickets`}
      description={t`Questions, requests and issues, and where each one stands.`}
      actions={<NewTicketDialog projects={projects.data} projectsFailed={projects.isError} />}
    >
      <TicketBoard />
    </HeadedPage>
  );
}
