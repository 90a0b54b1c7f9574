import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useFailureToast } from "@/web/lib/use-error-toast";
import { EmptyState } from "@/web/components/ui/empty-state";
import { BackLink } from "@/web/components/layout/back-link";
import { RecordStates } from "@/web/components/layout/record-states";
import { CommentsPanel } from "@/web/features/comments/components/comments-panel";
import { useTicket } from "@/web/features/tickets/api/use-ticket";
import { TicketAttachments } from "@/web/features/tickets/components/ticket-attachments";
import { TicketSummary } from "@/web/features/tickets/components/ticket-summary";
import { isNotFound } from "@/web/lib/api";
import { useReadOnVisit } from "@/web/features/notifications";

export function TicketDetailRoute() {
  const id = useParams().id ?? "";
  const ticket = useTicket(id);
  const { t } = useLingui();
  useReadOnVisit("ticket", ticket.data?.id);
  // Missing, another company's (D11) and a malformed id (400) all mean there is no such ticket.
  const notFound = isNotFound(ticket.error, { malformedToo: true });
  useFailureToast(ticket.isError && !notFound, t`Failed to load ticket`, "load-ticket");

  return (
    <div className="space-y-6">
      <BackLink to="/dashboard/tickets" label={t`Back to Tickets`} asButton />
      <RecordStates query={ticket} missing={notFound} notFound={<EmptyState title={t`Ticket not found`} />} loadError={t`Could not load this ticket.`}>
        {(current) => (
          <>
            <TicketSummary ticket={current} />
            <TicketAttachments ticket={current} />
            <CommentsPanel target={{ kind: "ticket", id: current.id }} />
          </>
        )}
      </RecordStates>
    </div>
  );
}
