import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as server from "../../shared/schemas/event";
import { eventKinds, parsePorticoEvent, parseReadyEvent, streamEventNames } from "./realtime-events";

/** The client's checks against the server's schemas (ADR 008): same verdict, same value. */
function verdict(parse: (data: unknown) => unknown, data: unknown) {
  try {
    return { ok: true, value: parse(data) };
  } catch {
    return { ok: false };
  }
}
const serverVerdict = (schema: typeof server.porticoEventSchema | typeof server.readyEventSchema, data: unknown) => {
  const result = schema.safeParse(data);
  return result.success ? { ok: true, value: result.data } : { ok: false };
};

const uuid = "3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b";
const field = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(uuid, uuid.toUpperCase(), "00000000-0000-0000-0000-000000000000", "3f2b8c1e-4d5a-9e6f-8a7b-9c0d1e2f3a4b", "not-a-uuid", "", null, undefined, 0, 1, -1, 1.5, 25_000, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, "25000", true, {}, [], ...eventKinds, "invoices", "admin", "customer", "root") },
  fc.uuid({ version: [1, 2, 3, 4, 5, 6, 7, 8] }),
  fc.string(),
  fc.integer(),
  fc.double(),
);
const frames = (keys: string[]) => fc.oneof({ weight: 9, arbitrary: fc.dictionary(fc.constantFrom(...keys, "extra"), field) }, field);

describe("realtime event checks", () => {
  it("accept and refuse the same change events as the server's schema, keeping only its keys", () => {
    fc.assert(
      fc.property(frames(["kind", "companyId", "id"]), (data) => {
        expect(verdict(parsePorticoEvent, data)).toEqual(serverVerdict(server.porticoEventSchema, data));
      }),
      { numRuns: 3_000 },
    );
  });

  it("accept and refuse the same ready frames as the server's schema", () => {
    fc.assert(
      fc.property(frames(["role", "companyId", "heartbeatMs"]), (data) => {
        expect(verdict(parseReadyEvent, data)).toEqual(serverVerdict(server.readyEventSchema, data));
      }),
      { numRuns: 3_000 },
    );
  });

  it("use the server's event kinds and stream event names", () => {
    expect(eventKinds).toEqual(server.eventKinds);
    expect(streamEventNames).toEqual(server.streamEventNames);
  });
});
