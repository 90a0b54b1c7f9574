/** Limits and messages of the ticket forms, shared by src/shared/schemas/ticket.ts and the web's zod/mini copy. */
export const TICKET_TITLE_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 10_000;

export const ticketMessages = {
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${TICKET_TITLE_MAX} characters`,
  descriptionTooLong: "Description is too long",
  chooseProject: "Choose a project",
  choosePriority: "Choose a priority",
  chooseStatus: "Choose a status",
  chooseTeamMember: "Choose a team member",
} as const;

/** The assignee filter's value for "nobody" (ticket and project lists). */
export const UNASSIGNED = "unassigned";
