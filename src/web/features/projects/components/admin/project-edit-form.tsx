import { useLingui } from "@lingui/react/macro";
import { projectStatuses } from "@/shared/enums";
import type { Project } from "@/shared/schemas/project";
import { updateProjectInputSchema, type UpdateProjectFormValues } from "@/web/lib/schemas/project";
import { RecordEditForm, useRecordForm } from "@/web/components/record-edit-form";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { Field, InputField, TextareaField } from "@/web/components/ui/field";
import { AssigneeSelect } from "@/web/features/team";
import { useUpdateProject } from "../../api/use-update-project";
import { projectStatusMessages } from "@/web/lib/i18n/labels";

const valuesOf = (project: Project): UpdateProjectFormValues => ({
  name: project.name,
  description: project.description ?? "",
  status: project.status,
  assignedTo: project.assignee?.id ?? "",
  startDate: project.startDate ?? "",
  endDate: project.endDate ?? "",
});

/** The admin's edit form of one project; every field is sent, so clearing one stores null. */
export function ProjectEditForm({ project }: { project: Project }) {
  const { t } = useLingui();
  const texts = { label: t`Edit project`, submit: t`Update Project`, saved: t`Project updated successfully`, failed: t`Error updating project` };
  const updateProject = useUpdateProject(project.id);
  const form = useRecordForm(updateProjectInputSchema, project, valuesOf);
  const { errors } = form.formState;

  return (
    <RecordEditForm form={form} save={updateProject.mutateAsync} valuesOf={valuesOf} texts={texts}>
      <InputField id="project-name" label={t`Project Name`} required error={errors.name?.message} {...form.register("name")} />
      <TextareaField id="project-description" label={t`Description`} rows={4} error={errors.description?.message} {...form.register("description")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <EnumSelectField id="project-status" label={t`Status`} error={errors.status?.message} values={projectStatuses} labels={projectStatusMessages} {...form.register("status")} />
        <Field id="project-assignee" label={t`Assigned To`} error={errors.assignedTo?.message}>
          <AssigneeSelect id="project-assignee" current={project.assignee} {...form.register("assignedTo")} />
        </Field>
        <InputField id="project-start" label={t`Start Date`} type="date" error={errors.startDate?.message} {...form.register("startDate")} />
        <InputField id="project-end" label={t`End Date`} type="date" error={errors.endDate?.message} {...form.register("endDate")} />
      </div>
    </RecordEditForm>
  );
}
