/** Server-Sent Events wire format (WHATWG HTML, "Server-sent events"). */
const encoder = new TextEncoder();

/** One event. JSON.stringify never emits a raw newline, so `data` stays a single line. */
export function sseEvent(name: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** A comment line: ignored by EventSource, but it keeps proxies and idle timers from closing the stream. */
export function sseComment(text: string): Uint8Array {
  return encoder.encode(`: ${text}\n\n`);
}

/** How long EventSource waits before reconnecting after the stream drops. */
export function sseRetry(ms: number): Uint8Array {
  return encoder.encode(`retry: ${ms}\n\n`);
}
