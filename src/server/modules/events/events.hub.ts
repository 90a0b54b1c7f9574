import type { AppDeps } from "../../http/context";
import type { EventBus } from "../../realtime/event-bus";
import { StreamHub } from "../../realtime/stream-hub";
import { unscopedLoadStreamAccess } from "../../realtime/stream-access";

// One hub per event bus, i.e. per server process (or per test server): it owns that process's streams.
const hubs = new WeakMap<EventBus, StreamHub>();

export function streamHub(deps: Pick<AppDeps, "db" | "events" | "log" | "metrics" | "lifecycle">): StreamHub {
  let hub = hubs.get(deps.events);
  if (!hub) {
    const created = new StreamHub(deps.events, (sessionIds) => unscopedLoadStreamAccess(deps.db, sessionIds), {}, { log: deps.log, fanout: deps.metrics.fanout });
    hubs.set(deps.events, created);
    deps.metrics.countStreams(() => created.size);
    // Draining: end every stream now, so browsers reconnect (through the balancer) to a process that stays.
    deps.lifecycle.onDrain(() => created.close());
    hub = created;
  }
  return hub;
}
