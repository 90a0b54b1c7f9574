import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { useForm } from "react-hook-form";
import { projectStatuses } from "@/shared/enums";
import type { CreateProjectInput } from "@/shared/schemas/project";
import { createProjectInputSchema, type CreateProjectFormValues } from "@/web/lib/schemas/project";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { DialogFormActions, NewItemDialog, useNewItemForm } from "@/web/components/new-item-dialog";
import { InputField, TextareaField } from "@/web/components/ui/field";
import { reportFailedSave } from "@/web/lib/form-errors";
import { useCreateProject } from "../../api/use-create-project";
import { projectStatusMessages } from "@/web/lib/i18n/labels";

/** Admin 'New Project' for one customer company (spec: name required, status defaults to active). */
export function NewProjectDialog({ companyId }: { companyId: string }) {
  const createProject = useCreateProject();
  const { t } = useLingui();
  const defaultValues: CreateProjectFormValues = { companyId, name: "", description: "", status: "active", startDate: "" };
  const form = useForm<CreateProjectFormValues, unknown, CreateProjectInput>({ resolver: zodResolver(createProjectInputSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;

  const { open, onOpenChange, onSubmit } = useNewItemForm({
    reset: () => form.reset(defaultValues),
    create: (input: CreateProjectInput) => createProject.mutateAsync(input),
    created: t`Project created successfully`,
    onError: (error) => reportFailedSave(form, error, t`Failed to create project`),
  });

  return (
    <NewItemDialog trigger={t`New Project`} title={t`New Project`} description={t`Create a project for this customer.`} open={open} onOpenChange={onOpenChange}>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
          <InputField id="new-project-name" label={t`Project Name`} required autoFocus error={errors.name?.message} {...form.register("name")} />
          <TextareaField id="new-project-description" label={t`Description`} rows={3} error={errors.description?.message} {...form.register("description")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <EnumSelectField id="new-project-status" label={t`Status`} error={errors.status?.message} values={projectStatuses} labels={projectStatusMessages} {...form.register("status")} />
            <InputField id="new-project-start" label={t`Start Date`} type="date" error={errors.startDate?.message} {...form.register("startDate")} />
          </div>
          <DialogFormActions submitLabel={t`Create Project`} isSubmitting={isSubmitting} />
        </form>
    </NewItemDialog>
  );
}
