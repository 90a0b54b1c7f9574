import { randomUUID } from "node:crypto";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { PorticoEvent } from "../../shared/schemas/event";
import type { BusSubscriber, EventBus } from "./event-bus";
import { SseParser, type SseFrame } from "../test/realtime/sse-client";
import { StreamHub, type StreamAccess } from "./stream-hub";

/** The failures these tests cause on purpose are reported nowhere. */
const quiet = { log: pino({ level: "silent" }), fanout() {} };

/** An in-memory bus: these tests are about the hub's bookkeeping, not about PostgreSQL. */
function fakeBus() {
  const subscribers = new Set<BusSubscriber>();
  const bus: EventBus = {
    publish: async (event) => subscribers.forEach((s) => s.onEvent(event, performance.now())),
    endSession: async (id) => subscribers.forEach((s) => s.onSessionEnded?.(id)),
    settingsChanged: async () => subscribers.forEach((s) => s.onSettingsChanged?.()),
    subscribe(subscriber) {
      const entry = typeof subscriber === "function" ? { onEvent: subscriber } : subscriber;
      subscribers.add(entry);
      return () => subscribers.delete(entry);
    },
    close: async () => subscribers.forEach((s) => s.onClose?.()),
  };
  return { bus, resync: () => subscribers.forEach((s) => s.onResync?.()) };
}

/** A hub on a fresh in-memory bus, whose access check finds no session changed. */
function hubOnFakeBus() {
  const { bus, resync } = fakeBus();
  return { bus, resync, hub: new StreamHub(bus, async () => new Map()) };
}

const owner = (access: StreamAccess) => ({ userId: randomUUID(), sessionId: randomUUID(), ...access });

/** A stream's frames, parsed, up to and including the first that `last` matches (or to its end). */
async function readUntil(stream: ReadableStream<Uint8Array>, last: (frame: SseFrame) => boolean): Promise<SseFrame[]> {
  const reader = stream.getReader();
  const parser = new SseParser();
  const frames: SseFrame[] = [];
  while (!frames.some(last)) {
    const next = await reader.read();
    if (next.done) break;
    frames.push(...parser.push(new TextDecoder().decode(next.value)));
  }
  reader.releaseLock();
  return frames;
}

const isResync = (frame: SseFrame) => frame.event === "resync";

/** The events a stream was sent before the resync marker (publish, then `resync()`, then read). */
const changesBeforeResync = async (stream: ReadableStream<Uint8Array>) =>
  (await readUntil(stream, isResync)).filter((frame) => frame.event === "change").map((frame) => JSON.parse(frame.data));

const event = (companyId: string): PorticoEvent => ({ kind: "message", companyId, id: randomUUID() });

describe("StreamHub", () => {
  it("routes each event to the company's customers and to admins only", async () => {
    const { bus, resync, hub } = hubOnFakeBus();
    const [a, b] = [randomUUID(), randomUUID()];
    const customerA = hub.open(owner({ role: "customer", companyId: a }));
    const customerB = hub.open(owner({ role: "customer", companyId: b }));
    const loner = hub.open(owner({ role: "customer", companyId: null }));
    const admin = hub.open(owner({ role: "admin", companyId: null }));
    const toA = event(a);
    await bus.publish(toA);
    // A marker every stream gets, after the event: once a stream has it, it has whatever came before.
    resync();
    expect(await changesBeforeResync(customerA)).toEqual([toA]);
    expect(await changesBeforeResync(customerB)).toEqual([]);
    expect(await changesBeforeResync(loner)).toEqual([]);
    expect(await changesBeforeResync(admin)).toEqual([toA]);
    hub.close();
  });

  it("gives an admins-only event (a draft invoice's) to admins and to none of the company's customers", async () => {
    const { bus, resync, hub } = hubOnFakeBus();
    const a = randomUUID();
    const customerA = hub.open(owner({ role: "customer", companyId: a }));
    const admin = hub.open(owner({ role: "admin", companyId: null }));
    const draft: PorticoEvent = { kind: "invoice", companyId: a, id: randomUUID(), adminsOnly: true };
    await bus.publish(draft);
    resync();
    expect(await changesBeforeResync(customerA)).toEqual([]);
    expect(await changesBeforeResync(admin)).toEqual([draft]);
    hub.close();
  });

  it("tells every stream to resync when the bus reconnected", async () => {
    const { resync, hub } = hubOnFakeBus();
    const stream = hub.open(owner({ role: "customer", companyId: randomUUID() }));
    resync();
    expect((await readUntil(stream, isResync)).filter((f) => f.event === "resync").map((f) => f.data)).toEqual(['{"reason":"reconnected"}']);
    hub.close();
  });

  it("drops a client that stopped reading instead of buffering without bound", async () => {
    const { bus } = fakeBus();
    const hub = new StreamHub(bus, async () => new Map(), { maxQueuedBytes: 64 * 1024 }, quiet);
    const companyId = randomUUID();
    const stuck = hub.open(owner({ role: "customer", companyId }));
    for (let i = 0; i < 2000 && hub.size > 0; i++) await bus.publish(event(companyId));
    expect(hub.size).toBe(0);
    await expect(stuck.getReader().read()).rejects.toThrow("client too slow");
  });

  it("keeps streams through a failed access check and ends those whose session is gone", async () => {
    const { bus } = fakeBus();
    let fail = true;
    const keep = owner({ role: "customer", companyId: randomUUID() });
    const hub = new StreamHub(
      bus,
      async () => {
        if (fail) throw new Error("database down");
        return new Map([[keep.sessionId, { role: keep.role, companyId: keep.companyId }]]);
      },
      {},
      quiet,
    );
    hub.open(keep);
    const gone = hub.open(owner({ role: "admin", companyId: null }));
    await hub.refreshAccess();
    expect(hub.size).toBe(2);
    fail = false;
    await hub.refreshAccess();
    expect(hub.size).toBe(1);
    expect((await readUntil(gone, (f) => f.event === "end")).map((f) => f.event)).toContain("end");
    hub.close();
  });

  it("ends every stream and refuses new ones once the bus closes", async () => {
    const { bus, hub } = hubOnFakeBus();
    const stream = hub.open(owner({ role: "admin", companyId: null }));
    await bus.close();
    const reader = stream.getReader();
    while (!(await reader.read()).done);
    const late = hub.open(owner({ role: "admin", companyId: null })).getReader();
    expect((await late.read()).done).toBe(true);
    expect(hub.size).toBe(0);
  });
});
