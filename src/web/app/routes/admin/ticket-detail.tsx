import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { PageHeader } from "@/web/components/layout/page-header";
import { TitledCard } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { RecordPage } from "../../record-page";
import type { Ticket } from "@/shared/schemas/ticket";
import { useTicket } from "@/web/features/tickets/api/use-ticket";
import { useUpdateTicket } from "@/web/features/tickets/api/use-update-ticket";
import { useMarkTicketSeen } from "@/web/features/tickets/api/use-mark-ticket-seen";
import { TicketEditForm } from "@/web/features/tickets/components/admin/ticket-edit-form";
import { TicketDescription } from "@/web/features/tickets/components/admin/ticket-description";
import { TicketDetails } from "@/web/features/tickets/components/admin/ticket-details";
import { TicketAttachments } from "@/web/features/tickets/components/ticket-attachments";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { CommentsPanel } from "@/web/features/comments/components/comments-panel";
import { useTeamReplyOptions } from "@/web/features/comments/components/admin/team-reply-options";
import { useThreadLayout } from "@/web/features/comments/components/admin/thread-layout";
import { isNotFound } from "@/web/lib/api";
import { useReadOnVisit } from "@/web/features/notifications";

export function AdminTicketDetailRoute() {
  const { id = "" } = useParams();
  const ticket = useTicket(id);
  const { t } = useLingui();
  useReadOnVisit("ticket", ticket.data?.id);
  // Once it has loaded: a missing ticket is not marked.
  useMarkTicketSeen(ticket.data?.id);
  useErrorToast(ticket.error, { log: "Error fetching ticket", toast: t`Error fetching ticket` });

  return (
    <RecordPage
      area="admin"
      back={{ to: "/admin/tickets", label: t`Back to Tickets` }}
      query={ticket}
      // A malformed id (400) is as missing as an unknown one (404).
      missing={isNotFound(ticket.error, { malformedToo: true })}
      notFound={<EmptyState title={t`Ticket not found`} />}
      loadError={t`Could not load the ticket.`}
    >
      {(current) => <TicketPage ticket={current} />}
    </RecordPage>
  );
}

/**
 * The conversation first (issue 43): on a wide screen the thread fills the window beside the
 * ticket's properties and its edit form, opened at the newest comment with the reply box in view.
 */
function TicketPage({ ticket: current }: { ticket: Ticket }) {
  const { t } = useLingui();
  const update = useUpdateTicket(current.id);
  const layout = useThreadLayout(<TicketDescription ticket={current} />);
  const composer = useTeamReplyOptions(current.status === "done" ? undefined : () => update.mutateAsync({ status: "done" }));
  return (
    <>
      <PageHeader title={current.title} description={`#${current.number} · ${current.company.name} · ${current.project.name}`} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {/* The thread the customer sees on their ticket (a reply here shows up there), and the team's internal notes, which they never do. */}
          <CommentsPanel target={{ kind: "ticket", id: current.id }} composer={composer} layout={layout} />
        </div>
        <div className="space-y-6">
          <TicketDetails ticket={current} />
          <TitledCard title={t`Edit Ticket`}>
            <TicketEditForm key={current.id} ticket={current} />
          </TitledCard>
          {/* The same files the customer sees on their ticket. */}
          <TicketAttachments ticket={current} />
        </div>
      </div>
    </>
  );
}
