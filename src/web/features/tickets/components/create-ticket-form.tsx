import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "@/web/lib/toast";
import { ticketPriorities } from "@/shared/enums";
import type { Ticket } from "@/shared/schemas/ticket";
import { SubmitButton } from "@/web/components/ui/button";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { errorAria, Field, InputField, TextareaField } from "@/web/components/ui/field";
import { NamedOptions } from "@/web/components/ui/enum-options";
import { NativeSelect } from "@/web/components/ui/input";
import { useCheckedForm } from "@/web/lib/use-checked-form";
import { FilePicker, UploadStatus, uploadFile, useUploads } from "@/web/features/files";
import { useCreateTicket } from "../api/use-create-ticket";
import { ticketPriorityMessages } from "@/web/lib/i18n/labels";
import { checkCreateTicket, createTicketFields } from "../lib/ticket-rules";

export interface ProjectOption {
  id: string;
  name: string;
}

/**
 * Project*, Title*, Description, Priority* (default medium), and files; new tickets start pending
 * (D5). The ticket is created first, then each file is uploaded to it.
 */
export function CreateTicketForm({ projects, onCreated }: { projects: ProjectOption[]; onCreated: (ticket: Ticket) => void }) {
  const { t } = useLingui();
  const create = useCreateTicket();
  const uploads = useUploads();
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const form = useCheckedForm(createTicketFields, checkCreateTicket);
  const { errors, isSubmitting } = form;

  const onSubmit = form.handleSubmit(async (input) => {
    let ticket: Ticket;
    try {
      ticket = await create.mutateAsync(input);
    } catch (error) {
      form.showServerErrors(error);
      toast.error(t`Failed to create ticket`);
      return;
    }
    toast.success(t`Ticket created successfully`);
    const { failed } = await uploads.run(
      files,
      (file) => uploadFile(`/api/tickets/${ticket.id}/files`, file),
      t`The ticket was created. Add the files again on its page.`,
    );
    onCreated(ticket);
    // The ticket stands; its page has "Add files" to try again.
    if (failed.length) void navigate(`/dashboard/tickets/${ticket.id}`);
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onChange={form.onChange} className="space-y-4">
      <Field id="ticket-projectId" label={t`Project`} required error={errors.projectId}>
        <NativeSelect
          id="ticket-projectId"
          name="projectId"
          defaultValue={projects.length === 1 ? projects[0]!.id : ""}
          aria-required
          // The form may appear after the dialog opened (the projects were still loading): focus
          // then moves to its first control, as it does when the dialog opens on the form.
          autoFocus
          {...errorAria("ticket-projectId", errors.projectId)}
        >
          <option value="">
            {t`Select a project`}
          </option>
          <NamedOptions records={projects} />
        </NativeSelect>
      </Field>
      <InputField id="ticket-title" name="title" label={t`Title`} required error={errors.title} />
      <TextareaField id="ticket-description" name="description" label={t`Description`} rows={4} error={errors.description} />
      <EnumSelectField id="ticket-priority" name="priority" label={t`Priority`} required error={errors.priority} values={ticketPriorities} labels={ticketPriorityMessages} defaultValue="medium" />
      <div className="space-y-1.5">
        <span className="text-sm font-medium">
          <Trans>Attachments</Trans>
        </span>
        <FilePicker files={files} onChange={setFiles} disabled={isSubmitting} />
      </div>
      <UploadStatus status={uploads.status} />
      <div className="flex justify-end">
        <SubmitButton label={t`Create Ticket`} workingLabel={t`Creating...`} isSubmitting={isSubmitting} className="w-full sm:w-auto" />
      </div>
    </form>
  );
}
