import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { projectStatuses, projectStatusLabels } from "@/shared/enums";
import type { CreateProjectInput } from "@/shared/schemas/project";
import { createProjectInputSchema } from "@/web/lib/schemas/project";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { DialogFormActions, NewItemDialog, useNewItemForm } from "@/web/components/new-item-dialog";
import { Field } from "@/web/components/ui/field";
import { Input, Textarea } from "@/web/components/ui/input";
import { reportFailedSave } from "@/web/lib/form-errors";
import { useCreateProject } from "../../api/use-create-project";

type FormValues = z.input<typeof createProjectInputSchema>;

/** Admin 'New Project' for one customer company (spec: name required, status defaults to active). */
export function NewProjectDialog({ companyId }: { companyId: string }) {
  const createProject = useCreateProject();
  const defaultValues: FormValues = { companyId, name: "", description: "", status: "active", startDate: "" };
  const form = useForm<FormValues, unknown, CreateProjectInput>({ resolver: zodResolver(createProjectInputSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;

  const { open, onOpenChange, onSubmit } = useNewItemForm({
    reset: () => form.reset(defaultValues),
    create: (input: CreateProjectInput) => createProject.mutateAsync(input),
    created: "Project created successfully",
    onError: (error) => reportFailedSave(form, error, "Failed to create project"),
  });

  return (
    <NewItemDialog trigger="New Project" title="New Project" description="Create a project for this customer." open={open} onOpenChange={onOpenChange}>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
          <Field id="new-project-name" label="Project Name" required error={errors.name?.message}>
            <Input id="new-project-name" autoFocus aria-invalid={!!errors.name} aria-required {...form.register("name")} />
          </Field>
          <Field id="new-project-description" label="Description" error={errors.description?.message}>
            <Textarea id="new-project-description" rows={3} aria-invalid={!!errors.description} {...form.register("description")} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <EnumSelectField id="new-project-status" label="Status" error={errors.status?.message} values={projectStatuses} labels={projectStatusLabels} {...form.register("status")} />
            <Field id="new-project-start" label="Start Date" error={errors.startDate?.message}>
              <Input id="new-project-start" type="date" aria-invalid={!!errors.startDate} {...form.register("startDate")} />
            </Field>
          </div>
          <DialogFormActions submitLabel="Create Project" isSubmitting={isSubmitting} />
        </form>
    </NewItemDialog>
  );
}
