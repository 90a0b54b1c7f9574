import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "@/web/lib/toast";
import { ticketPriorities, ticketPriorityLabels } from "@/shared/enums";
import type { Ticket } from "@/shared/schemas/ticket";
import { createTicketInputSchema, type CreateTicketFormValues, type CreateTicketInput } from "@/web/lib/schemas/ticket";
import { SubmitButton } from "@/web/components/ui/button";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { errorAria, Field, InputField, TextareaField } from "@/web/components/ui/field";
import { NativeSelect } from "@/web/components/ui/input";
import { showServerFieldErrors } from "@/web/lib/form-errors";
import { FilePicker, UploadStatus, uploadFile, useUploads } from "@/web/features/files";
import { useCreateTicket } from "../api/use-create-ticket";

export interface ProjectOption {
  id: string;
  name: string;
}

/**
 * Project*, Title*, Description, Priority* (default medium), and files; new tickets start pending
 * (D5). The ticket is created first, then each file is uploaded to it.
 */
export function CreateTicketForm({ projects, onCreated }: { projects: ProjectOption[]; onCreated: (ticket: Ticket) => void }) {
  const create = useCreateTicket();
  const uploads = useUploads();
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm<CreateTicketFormValues, unknown, CreateTicketInput>({
    resolver: zodResolver(createTicketInputSchema),
    defaultValues: { projectId: projects.length === 1 ? projects[0]!.id : "", title: "", description: "", priority: "medium" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    let ticket: Ticket;
    try {
      ticket = await create.mutateAsync(input);
    } catch (error) {
      showServerFieldErrors(form, error);
      toast.error("Failed to create ticket");
      return;
    }
    toast.success("Ticket created successfully");
    const { failed } = await uploads.run(
      files,
      (file) => uploadFile(`/api/tickets/${ticket.id}/files`, file),
      "The ticket was created. Add the files again on its page.",
    );
    onCreated(ticket);
    // The ticket stands; its page has "Add files" to try again.
    if (failed.length) void navigate(`/dashboard/tickets/${ticket.id}`);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field id="ticket-projectId" label="Project" required error={errors.projectId?.message}>
        <NativeSelect id="ticket-projectId" aria-required {...errorAria("ticket-projectId", errors.projectId)} {...form.register("projectId")}>
          <option value="">Select a project</option>
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {projects.length === 0 ? (
        <p className="text-sm text-muted-foreground">There are no projects yet to open a ticket for.</p>
      ) : null}
      <InputField id="ticket-title" label="Title" required error={errors.title?.message} {...form.register("title")} />
      <TextareaField id="ticket-description" label="Description" rows={4} error={errors.description?.message} {...form.register("description")} />
      <EnumSelectField id="ticket-priority" label="Priority" required error={errors.priority?.message} values={ticketPriorities}
        labels={ticketPriorityLabels} aria-required {...errorAria("ticket-priority", errors.priority)} {...form.register("priority")}
      />
      <div className="space-y-1.5">
        <span className="text-sm font-medium">Attachments</span>
        <FilePicker files={files} onChange={setFiles} disabled={isSubmitting} />
      </div>
      <UploadStatus status={uploads.status} />
      <div className="flex justify-end">
        <SubmitButton label="Create Ticket" workingLabel="Creating..." isSubmitting={isSubmitting} className="w-full sm:w-auto" />
      </div>
    </form>
  );
}
