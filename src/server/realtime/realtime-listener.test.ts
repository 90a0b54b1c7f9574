import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PorticoEvent } from "@/shared/schemas/event";
import { serverForFile } from "@/server/test/per-file";
import { heardOnBus } from "@/server/test/realtime/bus-events";
import { writeAndRollBack } from "@/server/test/rolled-back";
import { announce } from "./announce";
import { realtimeListener } from "./realtime-listener";

/** The realtime listener on its own (ADR 038, 040): a change's events, heard at its commit and never after a rollback. */
const server = serverForFile();

const event = (): PorticoEvent => ({ kind: "invoice", companyId: randomUUID(), id: randomUUID() });

describe("realtimeListener", () => {
  it("announces every event of a committed change once, and nothing of one that rolls back or has none", async () => {
    const bus = heardOnBus(server);
    const [updated, voided, rolledBack] = [event(), { ...event(), adminsOnly: true as const }, event()];
    await server.deps.db.transaction((tx) => realtimeListener(tx, { announce: [updated, voided] }));
    await writeAndRollBack(server.deps.db, (tx) => realtimeListener(tx, { announce: rolledBack }));
    await realtimeListener(server.deps.db, { audit: { kind: "data.exported" } });
    // One LISTEN connection delivers in commit order: a marker after all of the above comes last.
    const marker = event();
    await announce(server.deps.db, marker);
    await bus.arrival(marker.id);
    bus.stop();
    expect(bus.events.filter((e) => e.id !== marker.id)).toEqual([updated, voided]);
  });
});
