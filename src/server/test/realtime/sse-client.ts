/**
 * A small Server-Sent Events reader for tests and benchmarks (the web app uses EventSource).
 * Follows the WHATWG parsing rules that matter here: `event`, `data`, `retry`, comments, CRLF.
 */
export interface SseFrame {
  /** The event name ("message" when none was given); "" for a comment line. */
  event: string;
  data: string;
  comment?: string;
}

export class SseParser {
  private buffer = "";
  private event = "";
  private data: string[] = [];

  push(chunk: string): SseFrame[] {
    this.buffer += chunk;
    const frames: SseFrame[] = [];
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith("\r\n", newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + width);
      if (line === "") {
        if (this.data.length) frames.push({ event: this.event || "message", data: this.data.join("\n") });
        this.event = "";
        this.data = [];
      } else if (line.startsWith(":")) {
        frames.push({ event: "", data: "", comment: line.slice(1).trim() });
      } else {
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") this.event = value;
        else if (field === "data") this.data.push(value);
      }
    }
    return frames;
  }
}

type Waiter = { match: (frame: SseFrame) => boolean; resolve: (frame: SseFrame) => void };

/** Reads an event-stream Response in the background and keeps every frame it got. */
export class SseReader {
  readonly frames: SseFrame[] = [];
  /** Resolves when the server ended the stream (or the reader was closed). */
  readonly ended: Promise<void>;
  private waiters = new Set<Waiter>();
  private done = false;

  constructor(
    readonly response: Response,
    private readonly abort: AbortController,
    private readonly onFrame?: (frame: SseFrame) => void,
  ) {
    this.ended = this.pump();
  }

  get isEnded(): boolean {
    return this.done;
  }

  /** Events (not comments) named `event`, parsed as JSON. */
  events<T = unknown>(event: string): T[] {
    return this.frames.filter((f) => f.event === event).map((f) => JSON.parse(f.data) as T);
  }

  /** The first frame so far, or to come, that matches; rejects after `timeoutMs` or when the stream ends first. */
  waitFor(match: (frame: SseFrame) => boolean, timeoutMs = 5000, what = "a matching event"): Promise<SseFrame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      };
      const timer = setTimeout(() => { // paces: the deadline of a wait for a frame that must come
        this.waiters.delete(waiter);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; got ${JSON.stringify(this.frames.slice(-5))}`));
      }, timeoutMs);
      this.waiters.add(waiter);
      void this.ended.then(() => {
        if (!this.waiters.delete(waiter)) return;
        clearTimeout(timer);
        reject(new Error(`stream ended while waiting for ${what}`));
      });
    });
  }

  /** Waits for a named event whose JSON data satisfies `match`. */
  async waitForEvent<T = Record<string, unknown>>(event: string, match: (data: T) => boolean = () => true, timeoutMs = 5000): Promise<T> {
    const frame = await this.waitFor((f) => f.event === event && match(JSON.parse(f.data) as T), timeoutMs, `"${event}"`);
    return JSON.parse(frame.data) as T;
  }

  close(): Promise<void> {
    this.abort.abort();
    return this.ended;
  }

  private async pump(): Promise<void> {
    const parser = new SseParser();
    const decoder = new TextDecoder();
    try {
      const reader = this.response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const frame of parser.push(decoder.decode(value, { stream: true }))) {
          this.frames.push(frame);
          this.onFrame?.(frame);
          for (const waiter of [...this.waiters]) {
            if (waiter.match(frame)) {
              this.waiters.delete(waiter);
              waiter.resolve(frame);
            }
          }
        }
      }
    } catch {
      // Aborted by us or cut by the server: either way the stream is over.
    } finally {
      this.done = true;
    }
  }
}

/** GETs an event stream with the given headers; the reader starts only on a 200 event-stream answer. */
export async function openSse(
  url: string,
  headers: Record<string, string> = {},
  onFrame?: (frame: SseFrame) => void,
): Promise<{ status: number; reader?: SseReader; response: Response }> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal });
  if (response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await response.body?.cancel().catch(() => {});
    return { status: response.status, response };
  }
  return { status: 200, reader: new SseReader(response, abort, onFrame), response };
}
