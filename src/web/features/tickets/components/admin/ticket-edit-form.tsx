import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ticketPriorities, ticketStatuses } from "@/shared/enums";
import type { Ticket, UpdateTicketInput } from "@/shared/schemas/ticket";
import { updateTicketInputSchema, type UpdateTicketFormValues } from "@/web/lib/schemas/ticket";
import { RecordEditForm } from "@/web/components/record-edit-form";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { InputField, TextareaField } from "@/web/components/ui/field";
import { useUpdateTicket } from "../../api/use-update-ticket";
import { ticketStatusMessages, ticketPriorityMessages } from "@/web/lib/i18n/labels";

const TEXTS = { label: "Edit ticket", submit: "Update Ticket", saved: "Ticket updated successfully", failed: "Error updating ticket" };

const valuesOf = (ticket: Ticket): UpdateTicketFormValues => ({
  title: ticket.title,
  description: ticket.description ?? "",
  status: ticket.status,
  priority: ticket.priority,
});

/** The admin's edit form of one ticket; status is a free choice (spec section 4). */
export function TicketEditForm({ ticket }: { ticket: Ticket }) {
  const updateTicket = useUpdateTicket(ticket.id);
  const form = useForm<UpdateTicketFormValues, unknown, UpdateTicketInput>({
    resolver: zodResolver(updateTicketInputSchema),
    defaultValues: valuesOf(ticket),
  });
  const { errors } = form.formState;

  return (
    <RecordEditForm form={form} save={updateTicket.mutateAsync} valuesOf={valuesOf} texts={TEXTS}>
      <InputField id="ticket-title" label="Title" required error={errors.title?.message} {...form.register("title")} />
      <TextareaField id="ticket-description" label="Description" rows={5} error={errors.description?.message} {...form.register("description")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <EnumSelectField id="ticket-status" label="Status" error={errors.status?.message} values={ticketStatuses} labels={ticketStatusMessages} {...form.register("status")} />
        <EnumSelectField id="ticket-priority" label="Priority" error={errors.priority?.message} values={ticketPriorities} labels={ticketPriorityMessages} {...form.register("priority")} />
      </div>
    </RecordEditForm>
  );
}
