import { regexes } from "zod/v4/core";
import { roles, type Role } from "../../shared/enums";
import { eventKinds, type EventKind } from "../../shared/rules/events";

export { eventKinds, streamEventNames, type EventKind } from "../../shared/rules/events";

/**
 * The realtime contract of src/shared/schemas/event.ts, checked without zod: the event stream is
 * opened by the app shell of every signed-in page, and zod there would put ~9 KiB on the critical
 * path of pages that have no form (ADR 008). The kinds and stream event names come from
 * src/shared/rules/events.ts, as the server's do; realtime-events.test.ts holds these checks to
 * the server's schemas.
 */

/** A change names what changed, never the data: clients refetch through the API. */
export interface PorticoEvent {
  kind: EventKind;
  companyId: string;
  id: string;
}

export interface ReadyEvent {
  role: Role;
  companyId: string | null;
  heartbeatMs: number;
}

const uuidPattern = regexes.uuid();
const isUuid = (value: unknown): value is string => typeof value === "string" && uuidPattern.test(value);
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The event, with only the contract's keys, or an error for anything else. */
export function parsePorticoEvent(data: unknown): PorticoEvent {
  if (isRecord(data) && isOneOf(eventKinds, data.kind) && isUuid(data.companyId) && isUuid(data.id)) {
    return { kind: data.kind, companyId: data.companyId, id: data.id };
  }
  throw new TypeError("realtime: not a change event");
}

export function parseReadyEvent(data: unknown): ReadyEvent {
  if (
    isRecord(data) &&
    isOneOf(roles, data.role) &&
    (data.companyId === null || isUuid(data.companyId)) &&
    Number.isSafeInteger(data.heartbeatMs) &&
    (data.heartbeatMs as number) > 0
  ) {
    return { role: data.role, companyId: data.companyId, heartbeatMs: data.heartbeatMs as number };
  }
  throw new TypeError("realtime: not a ready event");
}
