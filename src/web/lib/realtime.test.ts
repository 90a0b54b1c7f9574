import { describe, expect, it } from "vitest";
import { eventKinds } from "../../shared/schemas/event";
import { queryRoots } from "./query-keys";
import { createSseParser, queryRootsFor, type SseFrame } from "./realtime";

describe("queryRootsFor", () => {
  it("names at least one cached resource for every event kind the server sends", () => {
    const roots = new Set<string>(Object.values(queryRoots));
    for (const kind of eventKinds) {
      expect(queryRootsFor(kind).length).toBeGreaterThan(0);
      for (const root of queryRootsFor(kind)) expect(roots.has(root)).toBe(true);
    }
  });

  it("refreshes the session when a company changes, so a new company profile shows at once", () => {
    expect(queryRootsFor("company")).toContain(queryRoots.me);
  });
});

describe("createSseParser", () => {
  const parse = (...chunks: string[]) => {
    const frames: SseFrame[] = [];
    const retries: number[] = [];
    const feed = createSseParser((frame) => frames.push(frame), (ms) => retries.push(ms));
    chunks.forEach(feed);
    return { frames, retries };
  };

  it("reads named events, skips comments and keeps the retry delay", () => {
    const { frames, retries } = parse('retry: 3000\n\n: heartbeat\n\nevent: change\ndata: {"kind":"ticket"}\n\n');
    expect(frames).toEqual([{ event: "change", data: '{"kind":"ticket"}' }]);
    expect(retries).toEqual([3000]);
  });

  it("joins events split across chunks, including a CRLF split in two", () => {
    const { frames } = parse("event: ready\r", "\ndata: {}\r\n", "\r\n");
    expect(frames).toEqual([{ event: "ready", data: "{}" }]);
  });

  it("calls a frame without an event name a message, and ignores one without data", () => {
    const { frames } = parse("data: a\ndata: b\n\nevent: empty\n\n");
    expect(frames).toEqual([{ event: "message", data: "a\nb" }]);
  });
});
