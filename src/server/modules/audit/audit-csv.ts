import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { auditKindLabels } from "@/shared/rules/audit";
import type { AuditEvent } from "@/shared/schemas/audit";

const header = ["Time (UTC)", "Kind", "Kind label", "Actor ID", "Actor email", "Company ID", "Company", "Target type", "Target ID", "Target", "Client address", "User agent", "Details"];

const toRecord = (event: AuditEvent) => [
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

/**
 * The events as a CSV byte stream, read from `events` only as fast as the client takes it (the
 * stream's back-pressure), so a million rows never sit in memory. Cells that a spreadsheet would
 * run as a formula (a User-Agent or an email typed at sign-in starting with `=`) are escaped.
 *
 * Written against csv-stringify directly: the shared streamed-CSV helper (http/csv.ts) is being
 * written on another branch; this moves onto it once merged.
 */
export function auditCsvStream(events: AsyncIterable<AuditEvent>): ReadableStream<Uint8Array> {
  const rows = Readable.from(
    (async function* () {
      for await (const event of events) yield toRecord(event);
    })(),
  );
  const csv = rows.pipe(stringify({ header: true, columns: header, escape_formulas: true, bom: true }));
  rows.on("error", (error) => csv.destroy(error));
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
