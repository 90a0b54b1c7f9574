import { z } from "zod";
import { projectStatuses } from "../enums";
import { NOTHING_TO_UPDATE } from "../rules/common";
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX, projectMessages } from "../rules/project";
import { pageOf, pageQuerySchema } from "./pagination";
import { nullWhenBlank, optionalText, requiredText } from "./text";
import { namedRecordSchema, personSchema, timestampsShape } from "./records";
import { assigneeFilterSchema } from "./ticket";

export { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX };

const name = requiredText(projectMessages.nameRequired, PROJECT_NAME_MAX, projectMessages.nameTooLong);

// Forms send "" for an untouched field; the database stores that as null (spec: an empty
// start_date is stored as null).
const description = optionalText(projectMessages.descriptionTooLong, PROJECT_DESCRIPTION_MAX);

/** A trimmed input that is blank or passes `schema`. */
const blankOr = (schema: { safeParse: (value: string) => { success: boolean } }, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || schema.safeParse(value).success, message);

// The date check is a refinement the document cannot show: it publishes the same rule (a date, "" or null).
const date = nullWhenBlank(blankOr(z.iso.date(), projectMessages.invalidDate)).meta({ anyOf: [{ type: "string", format: "date" }, { const: "" }, { type: "null" }] });

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

/**
 * Admin edit form: any subset of the fields. A missing key leaves the value alone; null or ""
 * clears it ('Unassigned' sends "" or null for assignedTo). The slug never changes (D7).
 */
export const updateProjectInputSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    status: status.optional(),
    assignedTo: nullWhenBlank(blankOr(z.uuid(), projectMessages.chooseTeamMember)).optional(),
    startDate: date.optional(),
    endDate: date.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE)
  // The form sends both dates; the server re-checks against stored values when only one is sent.
  .refine((input) => !input.startDate || !input.endDate || input.endDate >= input.startDate, {
    message: projectMessages.endBeforeStart,
    path: ["endDate"],
  })
  // The refinements above, as the OpenAPI document can say them: the date order only in prose.
  .meta({ minProperties: 1, description: "Any subset of the fields, at least one. `endDate` may not come before `startDate` (sent or stored): 400 naming `endDate`." });
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
  ...timestampsShape,
  company: namedRecordSchema,
  // 'Responsible' on the detail screen; null when unassigned.
  assignee: personSchema.nullable(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectPageSchema = pageOf(projectSchema);
export type ProjectPage = z.infer<typeof projectPageSchema>;
