import { describe, expect, it, vi } from "vitest";
import { createConnectionStore } from "./connection-state";

describe("connection state", () => {
  it("starts online and follows the stream: lost is reconnecting, unreachable is offline, open is online again", () => {
    const store = createConnectionStore();
    expect(store.get()).toBe("online");
    store.report("lost");
    expect(store.get()).toBe("reconnecting");
    store.report("unreachable");
    expect(store.get()).toBe("offline");
    store.report("open");
    expect(store.get()).toBe("online");
  });

  it("tells its readers only about a change", () => {
    const store = createConnectionStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.report("open");
    expect(listener).not.toHaveBeenCalled();
    store.report("unreachable");
    store.report("unreachable");
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.report("open");
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("retries through the running stream, and after a reset neither retries nor stays offline", () => {
    const store = createConnectionStore();
    const retry = vi.fn();
    store.setRetry(retry);
    store.retry();
    expect(retry).toHaveBeenCalledTimes(1);
    store.report("unreachable");
    store.reset();
    store.retry();
    expect(retry).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe("online");
  });
});
