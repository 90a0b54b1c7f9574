import { auditKindLabels } from "@/shared/rules/audit";
import type { AuditEvent } from "@/shared/schemas/audit";
import type { CsvCell } from "@/server/http/csv";

export const auditCsvColumns = ["Time (UTC)", "Kind", "Kind label", "Actor ID", "Actor email", "Company ID", "Company", "Target type", "Target ID", "Target", "Client address", "User agent", "Details"];

const toRecord = (event: AuditEvent): CsvCell[] => [
  event.at,
  event.kind,
  auditKindLabels[event.kind],
  event.actorId,
  event.actorEmail,
  event.companyId,
  event.companyName,
  event.targetType,
  event.targetId,
  event.targetLabel,
  event.ip,
  event.userAgent,
  JSON.stringify(event.details),
];

/** The events as CSV rows, pulled as the download is read (http/csv.ts streams them). */
export async function* auditCsvRows(events: AsyncIterable<AuditEvent>): AsyncIterable<CsvCell[]> {
  for await (const event of events) yield toRecord(event);
}
