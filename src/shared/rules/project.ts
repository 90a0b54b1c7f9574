import { projectStatuses } from "../enums";
import { declareFields, declareForms } from "./fields";

/** Limits, messages and fields of the project forms, declared once: the server's schemas and the web's zod/mini ones build from them (ADR 042). */
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

export const projectFields = declareFields({
  companyId: { kind: "id", message: projectMessages.chooseCompany },
  name: { kind: "name", required: projectMessages.nameRequired, max: PROJECT_NAME_MAX, tooLong: projectMessages.nameTooLong },
  // Forms send "" for an untouched field; the database stores that as null (spec: an empty start_date is stored as null).
  description: { kind: "text", max: PROJECT_DESCRIPTION_MAX, tooLong: projectMessages.descriptionTooLong },
  status: { kind: "choice", values: projectStatuses, message: projectMessages.chooseStatus },
  /** 'Unassigned' sends "" or null. */
  assignedTo: { kind: "idOrNone", message: projectMessages.chooseTeamMember },
  startDate: { kind: "dateOrNone", message: projectMessages.invalidDate },
  endDate: { kind: "dateOrNone", message: projectMessages.invalidDate },
});

/** The form sends both dates; the server re-checks against stored values when only one is sent. */
const endNotBeforeStart = {
  holds: (input: { startDate?: string | null; endDate?: string | null }) => !input.startDate || !input.endDate || input.endDate >= input.startDate,
  message: projectMessages.endBeforeStart,
  path: "endDate",
};

export const projectForms = declareForms(projectFields, {
  /** Admin 'New Project' dialog (spec: name required, status defaults to active). */
  create: { fields: ["companyId", "name", "description", "status", "startDate"], defaults: { status: "active" } },
  /** Admin edit form: any subset of the fields; null or "" clears one. The slug never changes (D7). */
  update: {
    fields: ["name", "description", "status", "assignedTo", "startDate", "endDate"],
    partial: true,
    crossField: [endNotBeforeStart],
    description: "Any subset of the fields, at least one. `endDate` may not come before `startDate` (sent or stored): 400 naming `endDate`.",
  },
});
