import type { AccessKind, AccessRecordType } from "@/shared/rules/access-log";

/** The words of the CSV export's columns (English, as the audit log's CSV). */
export const accessKindLabel: Record<AccessKind, string> = { read: "Read", change: "Change" };
export const accessRecordLabel: Record<AccessRecordType, string> = {
  ticket: "Ticket",
  project: "Project",
  invoice: "Invoice",
  file: "File",
  conversation: "Conversation",
};
