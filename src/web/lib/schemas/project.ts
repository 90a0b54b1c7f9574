/** zod/mini mirror of the project form schemas in src/shared/schemas/project.ts (schemas.parity.test.ts). */
import { projectStatuses } from "@/shared/enums";
import { optionalText, requiredText } from "./text";
import { z } from "./zod";

export const PROJECT_NAME_MAX = 200;
export const PROJECT_DESCRIPTION_MAX = 10_000;

const name = requiredText("Project name", PROJECT_NAME_MAX, `Project name must be at most ${PROJECT_NAME_MAX} characters`);
const description = optionalText("Description is too long", PROJECT_DESCRIPTION_MAX);

const isoDate = z.iso.date();
const blankOr = (schema: { safeParse: (value: string) => { success: boolean } }, message: string) =>
  z.refine<string>((value) => value === "" || schema.safeParse(value).success, message);
const nullWhenBlank = (schema: z.ZodMiniString) =>
  z.pipe(z.nullish(schema), z.transform((value: string | null | undefined) => (value ? value : null)));

const date = nullWhenBlank(z.string().check(z.trim(), blankOr(isoDate, "Enter a date as YYYY-MM-DD")));
const status = z.enum(projectStatuses, "Choose a status");

export const createProjectInputSchema = z.object({
  companyId: z.uuid("Choose a company"),
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
    assignedTo: z.optional(nullWhenBlank(z.string().check(z.trim(), blankOr(uuid, "Choose a team member")))),
    startDate: z.optional(date),
    endDate: z.optional(date),
  })
  .check(
    z.refine((input) => Object.values(input).some((value) => value !== undefined), "Nothing to update"),
    z.refine((input) => !input.startDate || !input.endDate || input.endDate >= input.startDate, {
      message: "End date cannot be before the start date",
      path: ["endDate"],
    }),
  );
export type UpdateProjectFormValues = z.input<typeof updateProjectInputSchema>;
export type UpdateProjectInput = z.output<typeof updateProjectInputSchema>;
