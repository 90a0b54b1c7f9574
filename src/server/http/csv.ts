import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { Context } from "hono";

/** What a cell may hold: booleans are written `true`/`false`, instants ISO 8601 in UTC, null and undefined empty. */
export type CsvCell = string | number | boolean | Date | null | undefined;

export interface CsvDownload {
  /** The name the browser saves it under; ASCII, without quotes. */
  filename: string;
  /** The header row; every row has one cell per column, in this order. */
  columns: readonly string[];
  /**
   * The rows, pulled only as fast as the client reads: a slow client slows the reads instead of
   * the rows piling up in memory. When the client goes away the iterator is returned, so a
   * generator reading a database stops at its next `yield`.
   */
  rows: AsyncIterable<readonly CsvCell[]>;
  /**
   * A failure after the status and headers went out. The connection is cut (the client sees a
   * truncated download, never a well-formed short file), and no error handler runs any more:
   * this is the only place it can be logged.
   */
  onError?: (error: unknown) => void;
}

/**
 * A CSV download streamed from `rows` through csv-stringify, in constant memory whatever the
 * number of rows. A CSV gets opened in a spreadsheet, which would run a cell starting with `=`,
 * `+`, `-`, `@`, tab or CR as a formula (an invoice number or a company name is typed by people):
 * such cells get a leading `'` (`escape_formulas`). Only a cell given as a number keeps a leading
 * `-`: text such as "-5.00" is escaped like any other.
 */
export function csvResponse(c: Context, download: CsvDownload): Response {
  const stringifier = stringify({
    header: true,
    columns: [...download.columns],
    escape_formulas: true,
    cast: { boolean: (value) => String(value), date: (value) => value.toISOString() },
  });
  // pipeline, not pipe: the end of either side (an error, the client hanging up) destroys the
  // other, and destroying Readable.from returns the rows' iterator.
  pipeline(Readable.from(download.rows), stringifier, () => {});
  const chunks = stringifier[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      // Called only when the response has room (the node server waits for `drain`), one chunk at a time.
      async pull(controller) {
        try {
          const { done, value } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
        } catch (error) {
          // A client that hung up is not a failure.
          if (cancelled) return;
          download.onError?.(error);
          controller.error(error);
        }
      },
      async cancel() {
        cancelled = true;
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${download.filename}"`,
    "X-Content-Type-Options": "nosniff",
  });
}
