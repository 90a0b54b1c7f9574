import { useLingui } from "@lingui/react/macro";
import { ticketPriorities, ticketStatuses } from "@/shared/enums";
import type { Ticket } from "@/shared/schemas/ticket";
import { updateTicketInputSchema, type UpdateTicketFormValues } from "@/web/lib/schemas/ticket";
import { RecordEditForm, useRecordForm } from "@/web/components/record-edit-form";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { Field, InputField, TextareaField } from "@/web/components/ui/field";
import { AssigneeSelect } from "@/web/features/team";
import { useUpdateTicket } from "../../api/use-update-ticket";
import { ticketStatusMessages, ticketPriorityMessages } from "@/web/lib/i18n/labels";

const valuesOf = (ticket: Ticket): UpdateTicketFormValues => ({
  title: ticket.title,
  description: ticket.description ?? "",
  status: ticket.status,
  priority: ticket.priority,
  assignedTo: ticket.assignee?.id ?? "",
});

/**
 * The admin's edit form of one ticket; status is a free choice (spec section 4), the assignee one
 * of the team (admins) or nobody.
 */
export function TicketEditForm({ ticket }: { ticket: Ticket }) {
  const { t } = useLingui();
  const texts = { label: t`Edit ticket`, submit: t`Update Ticket`, saved: t`Ticket updated successfully`, failed: t`Error updating ticket` };
  const updateTicket = useUpdateTicket(ticket.id);
  const form = useRecordForm(updateTicketInputSchema, ticket, valuesOf);
  const { errors } = form.formState;

  return (
    <RecordEditForm form={form} save={updateTicket.mutateAsync} valuesOf={valuesOf} texts={texts}>
      <InputField id="ticket-title" label={t`Title`} required error={errors.title?.message} {...form.register("title")} />
      <TextareaField id="ticket-description" label={t`Description`} rows={5} error={errors.description?.message} {...form.register("description")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <EnumSelectField id="ticket-status" label={t`Status`} error={errors.status?.message} values={ticketStatuses} labels={ticketStatusMessages} {...form.register("status")} />
        <EnumSelectField id="ticket-priority" label={t`Priority`} error={errors.priority?.message} values={ticketPriorities} labels={ticketPriorityMessages} {...form.register("priority")} />
        <Field id="ticket-assignee" label={t`Assignee`} error={errors.assignedTo?.message}>
          <AssigneeSelect id="ticket-assignee" current={ticket.assignee} {...form.register("assignedTo")} />
        </Field>
      </div>
    </RecordEditForm>
  );
}
