import { z } from "zod";
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX, projectFields, projectForms } from "../rules/project";
import { zodField, zodForm } from "./fields";
import { pageOf, pageQuerySchema } from "./pagination";
import { namedRecordSchema, personSchema, timestampsShape } from "./records";
import { assigneeFilterSchema } from "./ticket";

export { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX };

const status = zodField(projectFields.status);

export const createProjectInputSchema = zodForm(projectFields, projectForms.create);
export type CreateProjectInput = z.infer<typeof createProjectInputSchema>;

export const updateProjectInputSchema = zodForm(projectFields, projectForms.update);
export type UpdateProjectInput = z.infer<typeof updateProjectInputSchema>;

export const projectListQuerySchema = pageQuerySchema.extend({
  // Admins only; a customer's list is always their own company's.
  companyId: z.uuid().optional(),
  status: status.optional(),
  assignedTo: assigneeFilterSchema,
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

/** One shape for list rows, the detail screen and write answers. */
export const projectSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: status,
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
  /** Whether support mail to the company opens its tickets here (ADR 044); at most one project of a company. */
  isInbox: z.boolean(),
  ...timestampsShape,
  company: namedRecordSchema,
  // 'Responsible' on the detail screen; null when unassigned.
  assignee: personSchema.nullable(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectPageSchema = pageOf(projectSchema);
export type ProjectPage = z.infer<typeof projectPageSchema>;
