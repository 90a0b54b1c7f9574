import { useLingui } from "@lingui/react/macro";
import { displayName } from "@/shared/format";
import type { Ticket } from "@/shared/schemas/ticket";

/**
 * What the customer wrote when opening the ticket: where its conversation starts. Named by its
 * "Opened by" line, not "Description": that name is the edit form's field's (getByLabel matches both).
 */
export function TicketDescription({ ticket }: { ticket: Ticket }) {
  const { t } = useLingui();
  const opener = ticket.createdBy ? displayName(ticket.createdBy) : t`Deleted user`;
  return (
    <section aria-labelledby={`ticket-${ticket.id}-opened-by`} className="mb-3 rounded-md bg-muted/60 p-3">
      <p id={`ticket-${ticket.id}-opened-by`} className="text-xs font-medium text-muted-foreground">
        {t`Opened by ${opener}`}
      </p>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap">{ticket.description || t`No description provided`}</p>
    </section>
  );
}
