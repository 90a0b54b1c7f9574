import { ticketPriorities, ticketStatuses } from "../enums";
import { declareFields, declareForms } from "./fields";

/** Limits, messages and fields of the ticket forms, declared once: the server's schemas, the web's zod/mini ones and the customer's checks build from them (ADR 042). */
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

export const ticketFields = declareFields({
  projectId: { kind: "id", message: ticketMessages.chooseProject },
  title: { kind: "name", required: ticketMessages.titleRequired, max: TICKET_TITLE_MAX, tooLong: ticketMessages.titleTooLong },
  // Forms send "" for an untouched textarea; the database stores that as null.
  description: { kind: "text", max: TICKET_DESCRIPTION_MAX, tooLong: ticketMessages.descriptionTooLong },
  status: { kind: "choice", values: ticketStatuses, message: ticketMessages.chooseStatus },
  priority: { kind: "choice", values: ticketPriorities, message: ticketMessages.choosePriority },
  /** A team member's id; "" or null is 'Unassigned'. The server checks the stored role. */
  assignedTo: { kind: "idOrNone", message: ticketMessages.chooseTeamMember },
});

export const ticketForms = declareForms(ticketFields, {
  /**
   * New ticket (spec: project, title, priority required; priority defaults to medium). There is
   * no status or author here on purpose: every new ticket starts pending (D5) and belongs to the
   * caller, whatever the client sends.
   */
  create: { fields: ["projectId", "title", "description", "priority"], defaults: { priority: "medium" } },
  /** Admin edit: any subset of the fields, status is a free choice (spec section 4); a missing key leaves it alone. */
  update: { fields: ["title", "description", "status", "priority", "assignedTo"], partial: true },
});

/** The assignee filter's value for "nobody" (ticket and project lists). */
export const UNASSIGNED = "unassigned";
