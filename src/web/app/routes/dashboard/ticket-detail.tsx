import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { EmptyState } from "@/web/components/ui/empty-state";
import { CommentsPanel } from "@/web/features/comments/components/comments-panel";
import { useTicket } from "@/web/features/tickets/api/use-ticket";
import { TicketAttachments } from "@/web/features/tickets/components/ticket-attachments";
import { TicketSummary } from "@/web/features/tickets/components/ticket-summary";
import { RecordPage, useCustomerRecord } from "../../record-page";

export function TicketDetailRoute() {
  const ticket = useTicket(useParams().id ?? "");
  const { t } = useLingui();
  // Missing, another company's (D11) and a malformed id (400) all mean there is no such ticket.
  const missing = useCustomerRecord("ticket", ticket, { failed: t`Failed to load ticket`, malformedToo: true });

  return (
    <RecordPage area="customer" back={{ to: "/dashboard/tickets", label: t`Back to Tickets` }} query={ticket} missing={missing} notFound={<EmptyState title={t`Ticket not found`} />} loadError={t`Could not load this ticket.`}>
      {(current) => (
        <>
          <TicketSummary ticket={current} />
          <TicketAttachments ticket={current} />
          <CommentsPanel target={{ kind: "ticket", id: current.id }} />
        </>
      )}
    </RecordPage>
  );
}
