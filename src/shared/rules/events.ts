/**
 * The realtime event names, without zod: src/shared/schemas/event.ts builds the server's schemas
 * from them, and the web's event stream (opened on every signed-in page) reads them without
 * pulling zod onto that critical path (ADR 008).
 */
export const eventKinds = ["message", "ticket", "ticket_comment", "project", "project_comment", "invoice", "quote", "company"] as const;
export type EventKind = (typeof eventKinds)[number];

/** SSE `event:` names. A `change` carries a PorticoEvent. */
export const streamEventNames = {
  /** First frame of every stream: the client (re)fetches what is on screen now. */
  ready: "ready",
  change: "change",
  /** Events may have been missed (lost LISTEN connection, changed membership): refetch everything. */
  resync: "resync",
  /** The session is over; do not reconnect. */
  end: "end",
} as const;
