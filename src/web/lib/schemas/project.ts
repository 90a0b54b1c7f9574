/** The admin project forms' schemas, built with zod/mini from the fields of src/shared/rules/project.ts, as the server's are (schemas.parity.test.ts). */
import { projectFields, projectForms } from "@/shared/rules/project";
import { miniForm } from "./fields";
import type { z } from "./zod";

export const createProjectInputSchema = miniForm(projectFields, projectForms.create);
export type CreateProjectFormValues = z.input<typeof createProjectInputSchema>;
export type CreateProjectInput = z.output<typeof createProjectInputSchema>;

export const updateProjectInputSchema = miniForm(projectFields, projectForms.update);
export type UpdateProjectFormValues = z.input<typeof updateProjectInputSchema>;
export type UpdateProjectInput = z.output<typeof updateProjectInputSchema>;
