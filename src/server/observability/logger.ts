import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import type { Env } from "../env";

export type { DestinationStream, Logger };

/**
 * One JSON object per line on stdout (docs/operations.md lists the fields). Levels are written as
 * their names ("info", "warn") and times as ISO 8601, so a line reads without a lookup table.
 */
const options = (level: string): LoggerOptions => ({
  level,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

let stdout: DestinationStream | undefined;
/**
 * Shared by every logger of the process (tests start many servers). Asynchronous: a request does
 * not wait for the write; pino flushes what is buffered when the process exits.
 */
function stdoutDestination(): DestinationStream {
  return (stdout ??= pino.destination({ dest: 1, sync: false }));
}

export interface CreateLoggerOptions {
  /** Where lines go instead of stdout (tests read them back). */
  destination?: DestinationStream;
}

/**
 * The process's logger. In development, when stdout is a terminal, lines are printed readably, one
 * per event, by pino-pretty: a development dependency, imported only on that path (never bundled,
 * see scripts/build-server.ts, and never loaded in production). Anywhere else, JSON.
 */
export async function createLogger(env: Pick<Env, "LOG_LEVEL" | "NODE_ENV">, { destination }: CreateLoggerOptions = {}): Promise<Logger> {
  if (destination) return pino(options(env.LOG_LEVEL), destination);
  if (env.NODE_ENV === "development" && process.stdout.isTTY && env.LOG_LEVEL !== "silent") {
    const pretty = await loadPretty();
    if (pretty) return pino(options(env.LOG_LEVEL), pretty);
  }
  return pino(options(env.LOG_LEVEL), stdoutDestination());
}

async function loadPretty(): Promise<DestinationStream | undefined> {
  try {
    const { default: pretty } = await import("pino-pretty");
    // The request line's fields on its own line; a mail block (see mail/transport.ts) keeps its line breaks.
    return pretty({ colorize: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  } catch {
    return undefined; // Installed without development dependencies: JSON it is.
  }
}

let fallback: Logger | undefined;
/**
 * For code that runs outside a server's dependencies: the entry point before the configuration is
 * read, and parts constructed on their own (a unit test's stream hub). JSON at `info` on stdout.
 */
export function processLogger(): Logger {
  return (fallback ??= pino(options("info"), stdoutDestination()));
}
