import { z } from "zod";
import { roles } from "../enums";
import { eventKinds, streamEventNames, type EventKind } from "../rules/events";

export { eventKinds, streamEventNames, type EventKind };

/**
 * The realtime contract of GET /api/events (text/event-stream). A change event names what changed,
 * never the data: clients refetch through the API, so authorization lives in one place.
 */
export const porticoEventSchema = z.object({
  kind: z.enum(eventKinds),
  companyId: z.uuid(),
  id: z.uuid(),
  /**
   * Set on a change customers may not see (a draft invoice, ADR 026): only admins' streams get it.
   * A flag rather than the status, so the NOTIFY payload stays a few bytes.
   */
  adminsOnly: z.literal(true).optional(),
});
export type PorticoEvent = z.infer<typeof porticoEventSchema>;

export const readyEventSchema = z.object({
  role: z.enum(roles),
  companyId: z.uuid().nullable(),
  /** A stream silent for about twice this long is dead; reconnect. */
  heartbeatMs: z.number().int().positive(),
});
export type ReadyEvent = z.infer<typeof readyEventSchema>;

export const resyncReasons = ["reconnected", "access_changed"] as const;
export const resyncEventSchema = z.object({ reason: z.enum(resyncReasons) });

export const endEventSchema = z.object({ reason: z.enum(["session_ended"]) });
