import pino from "pino";
import type { DestinationStream, Logger } from "../observability/logger";

/** One parsed log line: pino's fields and ours (docs/operations.md). */
export type LogLine = Record<string, unknown> & { level: string; msg: string; event?: string };

export interface LogCapture {
  /** Pass to the server (`logTo`): every line it writes lands here. */
  destination: DestinationStream;
  /** A logger writing here at `level` (default info), for parts tested on their own. */
  logger(level?: string): Logger;
  /** Everything written so far, exactly as written. */
  readonly raw: string;
  lines(): LogLine[];
  /** Resolves with the first line, written already or later, for which `match` is true. */
  waitFor(match: (line: LogLine) => boolean): Promise<LogLine>;
}

/** Captures a server's log in memory, as the JSON lines it would write to stdout. */
export function captureLog(): LogCapture {
  let raw = "";
  const waiting: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  const parse = (text: string) =>
    text
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  const destination: DestinationStream = {
    write(chunk: string) {
      raw += chunk;
      for (const line of parse(chunk)) {
        for (const waiter of [...waiting]) {
          if (!waiter.match(line)) continue;
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    },
  };
  return {
    destination,
    logger: (level = "info") => pino({ level, formatters: { level: (label) => ({ level: label }) } }, destination),
    get raw() {
      return raw;
    },
    lines: () => parse(raw),
    waitFor(match) {
      const found = parse(raw).find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
  };
}
