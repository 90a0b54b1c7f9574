import { afterEach, describe, expect, it, vi } from "vitest";
import { createTicker } from "./clock";

afterEach(() => {
  vi.useRealTimers();
});

describe("the clock of relative times", () => {
  it("ticks every reader on one interval, and runs no timer while no one reads", () => {
    vi.useFakeTimers();
    const ticker = createTicker(1_000);
    expect(vi.getTimerCount()).toBe(0);
    const first = vi.fn();
    const second = vi.fn();
    const leaveFirst = ticker.subscribe(first);
    const leaveSecond = ticker.subscribe(second);
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(999);
    expect(first).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);

    leaveFirst();
    vi.advanceTimersByTime(1_000);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    leaveSecond();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("starts again for a new reader after the last one left, and a tick out of turn reaches every reader", () => {
    vi.useFakeTimers();
    const ticker = createTicker(1_000);
    ticker.subscribe(vi.fn())();
    const reader = vi.fn();
    const leave = ticker.subscribe(reader);
    expect(vi.getTimerCount()).toBe(1);
    ticker.tick();
    expect(reader).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(reader).toHaveBeenCalledTimes(2);
    leave();
    leave();
    expect(vi.getTimerCount()).toBe(0);
  });
});
