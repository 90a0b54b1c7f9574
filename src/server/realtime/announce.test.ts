import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PorticoEvent } from "@/shared/schemas/event";
import { serverForFile } from "@/server/test/per-file";
import { heardOnBus } from "@/server/test/realtime/bus-events";
import { writeAndRollBack } from "@/server/test/rolled-back";
import { announce } from "./announce";

/**
 * ADR 038: a write's announcement is a NOTIFY inside its transaction. Both databases must hold
 * NOTIFY's promise: delivered when the transaction commits, never when it rolls back.
 */
const server = serverForFile();

const event = (): PorticoEvent => ({ kind: "ticket", companyId: randomUUID(), id: randomUUID() });

describe("announce(tx, event)", () => {
  it("reaches every subscriber once its transaction commits", async () => {
    const bus = heardOnBus(server);
    const change = event();
    await server.deps.db.transaction(async (tx) => {
      await announce(tx, change);
    });
    await bus.arrival(change.id);
    bus.stop();
    expect(bus.events.filter((e) => e.id === change.id)).toEqual([change]);
  });

  it("never reaches a subscriber when its transaction rolls back", async () => {
    const bus = heardOnBus(server);
    const rolledBack = event();
    await writeAndRollBack(server.deps.db, (tx) => announce(tx, rolledBack));
    // One LISTEN connection delivers in commit order: a marker committed after the rollback
    // arrives after anything the rolled-back transaction could have sent.
    const marker = event();
    await announce(server.deps.db, marker);
    await bus.arrival(marker.id);
    bus.stop();
    expect(bus.events.map((e) => e.id)).not.toContain(rolledBack.id);
  });

  it("refuses a malformed event and so fails its transaction, which writes nothing", async () => {
    const malformed = { kind: "ticket", companyId: "not-a-uuid", id: randomUUID() } as unknown as PorticoEvent;
    await expect(server.deps.db.transaction((tx) => announce(tx, malformed))).rejects.toThrow(/companyId/);
  });
});
