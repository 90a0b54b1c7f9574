import type { AppDeps } from "../../http/context";
import type { EventBus } from "../../realtime/event-bus";
import { StreamHub } from "../../realtime/stream-hub";
import { unscopedLoadStreamAccess } from "../../realtime/stream-access";

// One hub per event bus, i.e. per server process (or per test server): it owns that process's streams.
const hubs = new WeakMap<EventBus, StreamHub>();

export function streamHub(deps: Pick<AppDeps, "db" | "events">): StreamHub {
  let hub = hubs.get(deps.events);
  if (!hub) {
    hub = new StreamHub(deps.events, (sessionIds) => unscopedLoadStreamAccess(deps.db, sessionIds));
    hubs.set(deps.events, hub);
  }
  return hub;
}
