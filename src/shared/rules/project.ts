/** Limits and messages of the project forms, shared by src/shared/schemas/project.ts and the web's zod/mini copy. */
export const PROJECT_NAME_MAX = 200;
export const PROJECT_DESCRIPTION_MAX = 10_000;

export const projectMessages = {
  nameRequired: "Project name is required",
  nameTooLong: `Project name must be at most ${PROJECT_NAME_MAX} characters`,
  descriptionTooLong: "Description is too long",
  chooseCompany: "Choose a company",
  chooseStatus: "Choose a status",
  chooseTeamMember: "Choose a team member",
  invalidDate: "Enter a date as YYYY-MM-DD",
  endBeforeStart: "End date cannot be before the start date",
} as const;
