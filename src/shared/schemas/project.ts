import { z } from "zod";
import { projectStatuses } from "../enums";
import { NOTHING_TO_UPDATE } from "../rules/common";
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX, projectMessages } from "../rules/project";
import { pageOf, pageQuerySchema } from "./pagination";

export { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX };

const name = z
  .string(projectMessages.nameRequired)
  .trim()
  .min(1, projectMessages.nameRequired)
  .max(PROJECT_NAME_MAX, projectMessages.nameTooLong);

// Forms send "" for an untouched field; the database stores that as null (spec: an empty
// start_date is stored as null).
const description = z
  .string()
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, projectMessages.descriptionTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

const isoDate = z.iso.date();
const date = z
  .string()
  .trim()
  .refine((value) => value === "" || isoDate.safeParse(value).success, projectMessages.invalidDate)
  .nullish()
  .transform((value) => (value ? value : null));

const status = z.enum(projectStatuses, projectMessages.chooseStatus);

/** Admin 'New Project' dialog (spec: name required, status defaults to active). */
export const createProjectInputSchema = z.object({
  companyId: z.uuid(projectMessages.chooseCompany),
  name,
  description,
  status: status.default("active"),
  startDate: date,
});
export type CreateProjectInput = z.infer<typeof createProjectInputSchema>;

const uuid = z.uuid();

/**
 * Admin edit form: any subset of the fields. A missing key leaves the value alone; null or ""
 * clears it ('Unassigned' sends "" or null for assignedTo). The slug never changes (D7).
 */
export const updateProjectInputSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    status: status.optional(),
    assignedTo: z
      .string()
      .trim()
      .refine((value) => value === "" || uuid.safeParse(value).success, projectMessages.chooseTeamMember)
      .nullish()
      .transform((value) => (value ? value : null))
      .optional(),
    startDate: date.optional(),
    endDate: date.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE)
  // The form sends both dates; the server re-checks against stored values when only one is sent.
  .refine((input) => !input.startDate || !input.endDate || input.endDate >= input.startDate, {
    message: projectMessages.endBeforeStart,
    path: ["endDate"],
  });
export type UpdateProjectInput = z.infer<typeof updateProjectInputSchema>;

export const projectListQuerySchema = pageQuerySchema.extend({
  // Admins only; a customer's list is always their own company's.
  companyId: z.uuid().optional(),
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
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  company: z.object({ id: z.uuid(), name: z.string() }),
  // 'Responsible' on the detail screen; null when unassigned.
  assignee: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectPageSchema = pageOf(projectSchema);
export type ProjectPage = z.infer<typeof projectPageSchema>;
