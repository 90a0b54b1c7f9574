import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { projectStatuses, projectStatusLabels } from "@/shared/enums";
import type { Project, UpdateProjectInput } from "@/shared/schemas/project";
import { updateProjectInputSchema } from "@/web/lib/schemas/project";
import { RecordEditForm } from "@/web/components/record-edit-form";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { Field } from "@/web/components/ui/field";
import { Input, NativeSelect, Textarea } from "@/web/components/ui/input";
import { useTeam } from "@/web/features/team";
import { useUpdateProject } from "../../api/use-update-project";
import { useErrorToast } from "@/web/lib/use-error-toast";

const TEXTS = { label: "Edit project", submit: "Update Project", saved: "Project updated successfully", failed: "Error updating project" };

type FormValues = z.input<typeof updateProjectInputSchema>;

const valuesOf = (project: Project): FormValues => ({
  name: project.name,
  description: project.description ?? "",
  status: project.status,
  assignedTo: project.assignee?.id ?? "",
  startDate: project.startDate ?? "",
  endDate: project.endDate ?? "",
});

/** The admin's edit form of one project; every field is sent, so clearing one stores null. */
export function ProjectEditForm({ project }: { project: Project }) {
  const team = useTeam();
  useErrorToast(team.error, { log: "Failed to load team members", toast: "Error fetching team members" });
  const updateProject = useUpdateProject(project.id);
  const form = useForm<FormValues, unknown, UpdateProjectInput>({
    resolver: zodResolver(updateProjectInputSchema),
    defaultValues: valuesOf(project),
  });
  const { errors } = form.formState;

  // The current assignee stays selectable even before (or without) the team list.
  const members = team.data ?? [];
  const assignee = project.assignee;
  const options = assignee && !members.some((member) => member.id === assignee.id) ? [assignee, ...members] : members;

  return (
    <RecordEditForm form={form} save={updateProject.mutateAsync} valuesOf={valuesOf} texts={TEXTS}>
      <Field id="project-name" label="Project Name" required error={errors.name?.message}>
        <Input id="project-name" aria-invalid={!!errors.name} aria-required {...form.register("name")} />
      </Field>
      <Field id="project-description" label="Description" error={errors.description?.message}>
        <Textarea id="project-description" rows={4} aria-invalid={!!errors.description} {...form.register("description")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <EnumSelectField id="project-status" label="Status" error={errors.status?.message} values={projectStatuses} labels={projectStatusLabels} {...form.register("status")} />
        <Field id="project-assignee" label="Assigned To" error={errors.assignedTo?.message}>
          <NativeSelect id="project-assignee" aria-busy={team.isPending} {...form.register("assignedTo")}>
            <option value="">Unassigned</option>
            {options.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name ? `${member.name} (${member.email})` : member.email}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="project-start" label="Start Date" error={errors.startDate?.message}>
          <Input id="project-start" type="date" aria-invalid={!!errors.startDate} {...form.register("startDate")} />
        </Field>
        <Field id="project-end" label="End Date" error={errors.endDate?.message}>
          <Input id="project-end" type="date" aria-invalid={!!errors.endDate} {...form.register("endDate")} />
        </Field>
      </div>
    </RecordEditForm>
  );
}
