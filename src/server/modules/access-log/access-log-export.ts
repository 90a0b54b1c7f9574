import { createHash } from "node:crypto";
import type { Context } from "hono";
import { accessKindLabel, accessRecordLabel } from "./access-log-words";
import type { AccessEvent } from "@/shared/schemas/access-log";
import type { CsvCell } from "@/server/http/csv";
import { signatureLine } from "./export-signing";

export const accessLogCsvColumns = ["Time (UTC)", "Person", "Email", "Access", "Record type", "Record ID", "Record", "Reason", "Seq", "Previous hash", "Hash"];

/** The entries as CSV rows, pulled as the download is read (http/csv.ts streams them). */
export async function* accessLogCsvRows(events: AsyncIterable<AccessEvent>): AsyncIterable<CsvCell[]> {
  for await (const event of events) {
    yield [event.at, event.actorName, event.actorEmail, accessKindLabel[event.access], accessRecordLabel[event.recordType], event.recordId, event.recordLabel, event.reason, event.seq, event.prevHash, event.hash];
  }
}

/**
 * The entries as JSON lines, one entry a line, then the signature line (export-signing.ts): a
 * download that verifies offline with the public key GET /api/access-log/public-key shows.
 * Streamed as read, hashing as it goes; a failure cuts the connection, so no short file is ever
 * signed.
 */
export function signedJsonLinesResponse(c: Context, { filename, events, authSecret, onError }: { filename: string; events: AsyncIterable<AccessEvent>; authSecret: string; onError: (error: unknown) => void }): Response {
  const digest = createHash("sha256");
  const iterator = events[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let finished = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (finished) return controller.close();
          const { done, value } = await iterator.next();
          if (done) {
            finished = true;
            controller.enqueue(encoder.encode(signatureLine(authSecret, digest.digest("hex"))));
            return controller.close();
          }
          const line = encoder.encode(`${JSON.stringify(value)}\n`);
          digest.update(line);
          controller.enqueue(line);
        } catch (error) {
          onError(error);
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
  return c.body(body, 200, {
    "Content-Type": "application/x-ndjson; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "X-Content-Type-Options": "nosniff",
  });
}
