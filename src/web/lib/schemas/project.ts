/** zod/mini mirror of the project form schemas in src/shared/schemas/project.ts (schemas.parity.test.ts). */
import { projectStatuses } from "@/shared/enums";
import { NOTHING_TO_UPDATE } from "@/shared/rules/common";
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX, projectMessages } from "@/shared/rules/project";
import { optionalText, requiredText } from "./text";
import { z } from "./zod";

const name = requiredText(projectMessages.nameRequired, PROJECT_NAME_MAX, projectMessages.nameTooLong);
const description = optionalText(projectMessages.descriptionTooLong, PROJECT_DESCRIPTION_MAX);

const isoDate = z.iso.date();
const blankOr = (schema: { safeParse: (value: string) => { success: boolean } }, message: string) =>
  z.refine<string>((value) => value === "" || schema.safeParse(value).success, message);
const nullWhenBlank = (schema: z.ZodMiniString) =>
  z.pipe(z.nullish(schema), z.transform((value: string | null | undefined) => (value ? value : null)));

const date = nullWhenBlank(z.string().check(z.trim(), blankOr(isoDate, projectMessages.invalidDate)));
const status = z.enum(projectStatuses, projectMessages.chooseStatus);

export const createProjectInputSchema = z.object({
  companyId: z.uuid(projectMessages.chooseCompany),
  name,
  description,
  status: z._default(status, "active"),
  startDate: date,
});
export type CreateProjectFormValues = z.input<typeof createProjectInputSchema>;
export type CreateProjectInput = z.output<typeof createProjectInputSchema>;

const uuid = z.uuid();

export const updateProjectInputSchema = z
  .object({
    name: z.optional(name),
    description: z.optional(description),
    status: z.optional(status),
    assignedTo: z.optional(nullWhenBlank(z.string().check(z.trim(), blankOr(uuid, projectMessages.chooseTeamMember)))),
    startDate: z.optional(date),
    endDate: z.optional(date),
  })
  .check(
    z.refine((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE),
    z.refine((input) => !input.startDate || !input.endDate || input.endDate >= input.startDate, {
      message: projectMessages.endBeforeStart,
      path: ["endDate"],
    }),
  );
export type UpdateProjectFormValues = z.input<typeof updateProjectInputSchema>;
export type UpdateProjectInput = z.output<typeof updateProjectInputSchema>;
