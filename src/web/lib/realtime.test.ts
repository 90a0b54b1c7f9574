import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventKinds } from "./realtime-events";
import { queryRoots } from "./query-keys";
import { connectRealtime, createSseParser, queryRootsFor, type SseFrame } from "./realtime";

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

describe("connectRealtime", () => {
  const ready = `event: ready\ndata: ${JSON.stringify({ role: "customer", companyId: null, heartbeatMs: 25_000 })}\n\n`;

  /** A fetch whose answers are scripted per attempt: a body (then the stream ends) or a network error. */
  function scriptedFetch(answers: Array<string | Error>) {
    const requests: RequestInit[] = [];
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      requests.push(init);
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      // Past the script: a stream that stays open until aborted.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          if (answer !== undefined) {
            controller.enqueue(new TextEncoder().encode(answer));
            controller.close();
          } else init.signal?.addEventListener("abort", () => controller.error(new Error("aborted")));
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    });
    vi.stubGlobal("fetch", fetchMock);
    return { fetchMock, requests };
  }

  beforeEach(() => {
    vi.stubGlobal("window", new EventTarget());
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const handlers = () => ({ onChange: vi.fn(), onRefetchAll: vi.fn(), onSessionCheck: vi.fn() });

  it("does not refetch on the first connect: what is on screen was fetched alongside the stream", async () => {
    // The first stream says ready, then ends; the reconnect stays open without a word.
    const { fetchMock, requests } = scriptedFetch([`retry: 1\n\n${ready}: heartbeat\n\n`]);
    const on = handlers();
    const stop = connectRealtime(on, { baseDelayMs: 1 });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    stop();
    expect(on.onRefetchAll).not.toHaveBeenCalled();
    expect(requests[0]).toMatchObject({ priority: "low" });
  });

  it("refetches on the ready of a reconnect, and on resync", async () => {
    const { fetchMock } = scriptedFetch([`retry: 1\n\n${ready}`, `${ready}event: resync\ndata: {"reason":"reconnected"}\n\n`]);
    const on = handlers();
    const stop = connectRealtime(on, { baseDelayMs: 1 });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    stop();
    expect(on.onRefetchAll).toHaveBeenCalledTimes(2);
  });

  it("refetches when the first attempt failed and a later one connected", async () => {
    const { fetchMock } = scriptedFetch([new Error("connection refused"), ready]);
    const on = handlers();
    const stop = connectRealtime(on, { baseDelayMs: 1 });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    stop();
    expect(on.onRefetchAll).toHaveBeenCalledTimes(1);
  });
});
