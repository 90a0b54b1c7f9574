import type { PorticoEvent } from "@/shared/schemas/event";
import type { TestServer } from "../harness";

/**
 * Every event the server's bus delivers from now until `stop()`, and a wait for one event's
 * arrival: what the announce and realtime-listener tests observe.
 */
export function heardOnBus(server: TestServer) {
  const events: PorticoEvent[] = [];
  const waiters = new Map<string, () => void>();
  const stop = server.deps.events.subscribe((received) => {
    events.push(received);
    waiters.get(received.id)?.();
  });
  const arrival = (id: string) => new Promise<void>((resolve) => (events.some((e) => e.id === id) ? resolve() : waiters.set(id, resolve)));
  return { events, arrival, stop };
}
