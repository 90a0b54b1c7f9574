import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ticketPriorities, ticketStatuses } from "@/shared/enums";
import type { Ticket, UpdateTicketInput } from "@/shared/schemas/ticket";
import { updateTicketInputSchema, type UpdateTicketFormValues } from "@/web/lib/schemas/ticket";
import { RecordEditForm } from "@/web/components/record-edit-form";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { Field, InputField, TextareaField } from "@/web/components/ui/field";
import { NativeSelect } from "@/web/components/ui/input";
import { useTeam } from "@/web/features/team";
import { useErrorToast } from "@/web/lib/use-error-toast";
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
  const team = useTeam();
  useErrorToast(team.error, { log: "Failed to load team members", toast: t`Error fetching team members` });
  const texts = { label: t`Edit ticket`, submit: t`Update Ticket`, saved: t`Ticket updated successfully`, failed: t`Error updating ticket` };
  const updateTicket = useUpdateTicket(ticket.id);
  const form = useForm<UpdateTicketFormValues, unknown, UpdateTicketInput>({
    resolver: zodResolver(updateTicketInputSchema),
    defaultValues: valuesOf(ticket),
  });
  const { errors } = form.formState;
  // The current assignee stays selectable even before (or without) the team list.
  const members = team.data ?? [];
  const assignee = ticket.assignee;
  const options = assignee && !members.some((member) => member.id === assignee.id) ? [{ ...assignee, email: "" }, ...members] : members;

  return (
    <RecordEditForm form={form} save={updateTicket.mutateAsync} valuesOf={valuesOf} texts={texts}>
      <InputField id="ticket-title" label={t`Title`} required error={errors.title?.message} {...form.register("title")} />
      <TextareaField id="ticket-description" label={t`Description`} rows={5} error={errors.description?.message} {...form.register("description")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <EnumSelectField id="ticket-status" label={t`Status`} error={errors.status?.message} values={ticketStatuses} labels={ticketStatusMessages} {...form.register("status")} />
        <EnumSelectField id="ticket-priority" label={t`Priority`} error={errors.priority?.message} values={ticketPriorities} labels={ticketPriorityMessages} {...form.register("priority")} />
        <Field id="ticket-assignee" label={t`Assignee`} error={errors.assignedTo?.message}>
          <NativeSelect id="ticket-assignee" aria-busy={team.isPending} {...form.register("assignedTo")}>
            <option value="">
              <Trans>Unassigned</Trans>
            </option>
            {options.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name && member.email ? `${member.name} (${member.email})` : member.name || member.email}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
    </RecordEditForm>
  );
}
