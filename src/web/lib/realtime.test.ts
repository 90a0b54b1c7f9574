import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventKinds } from "./realtime-events";
import { queryRoots } from "./query-keys";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { connectRealtime, createInvalidator, createSseParser, queryRootsFor, type SseFrame } from "./realtime";

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

  it("reports each attempt for the connection state: open, lost when the stream ends, unreachable when no server answers", async () => {
    const { fetchMock } = scriptedFetch([`retry: 1\n\n${ready}`, new Error("connection refused")]);
    const onStatus = vi.fn();
    const stop = connectRealtime({ ...handlers(), onStatus }, { baseDelayMs: 1 });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(onStatus).toHaveBeenCalledTimes(4));
    stop();
    expect(onStatus.mock.calls.map(([signal]) => signal)).toEqual(["open", "lost", "unreachable", "open"]);
  });

  it("counts a 5xx as an unreachable server and a refusal of ours (429) as a server that is there", async () => {
    const answers = [new Response("", { status: 502 }), new Response("", { status: 429 })];
    const fetchMock = vi.fn(async () => answers.shift() ?? new Promise<Response>(() => {}));
    vi.stubGlobal("fetch", fetchMock);
    const onStatus = vi.fn();
    const stop = connectRealtime({ ...handlers(), onStatus }, { baseDelayMs: 1 });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    stop();
    expect(onStatus.mock.calls.map(([signal]) => signal)).toEqual(["unreachable", "lost"]);
  });

  it("tries again at once when asked to, instead of waiting out its backoff", async () => {
    const { fetchMock } = scriptedFetch([new Error("connection refused")]);
    const onStatus = vi.fn();
    // A backoff far longer than the test: only retryNow can make the second attempt.
    const connection = connectRealtime({ ...handlers(), onStatus }, { baseDelayMs: 3_600_000 });
    await vi.waitFor(() => expect(onStatus).toHaveBeenCalledWith("unreachable"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    connection.retryNow();
    await vi.waitFor(() => expect(onStatus).toHaveBeenLastCalledWith("open"));
    connection();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("reports nothing once the page is being left: the aborted stream is no lost connection", async () => {
    let breakStream: (error: Error) => void = () => {};
    const fetchMock = vi.fn(async () => {
      if (fetchMock.mock.calls.length > 1) throw new Error("connection refused");
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (breakStream = (error) => controller.error(error)) });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    });
    vi.stubGlobal("fetch", fetchMock);
    const onStatus = vi.fn();
    const stop = connectRealtime({ ...handlers(), onStatus }, { baseDelayMs: 1 });
    await vi.waitFor(() => expect(onStatus).toHaveBeenCalledWith("open"));
    window.dispatchEvent(new Event("pagehide"));
    breakStream(new Error("the browser cancelled the request"));
    // A refused reconnect after the broken stream: both would have been reported.
    await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3));
    stop();
    expect(onStatus.mock.calls.map(([signal]) => signal)).toEqual(["open"]);
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

describe("createInvalidator", () => {
  it("refetches what an event names, but leaves a failed query with nothing to show in its error state", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let loaded = 0;
    const observers = [
      new QueryObserver(client, { queryKey: [queryRoots.tickets, "loaded"], queryFn: () => ++loaded }),
      new QueryObserver(client, { queryKey: [queryRoots.tickets, "failed"], queryFn: () => Promise.reject(new Error("500")) }),
    ];
    const unsubscribe = observers.map((observer) => observer.subscribe(() => {}));
    const [loadedList, failedList] = observers.map((observer) => client.getQueryCache().find({ queryKey: observer.options.queryKey })!);
    await vi.waitFor(() => expect([loadedList!.state.status, failedList!.state.status]).toEqual(["success", "error"]));

    const invalidator = createInvalidator(client);
    invalidator.invalidate(queryRoots.tickets);
    await vi.waitFor(() => expect(loaded).toBe(2));
    expect(failedList!.state.status).toBe("error");
    expect(failedList!.state.fetchStatus).toBe("idle");
    invalidator.dispose();
    unsubscribe.forEach((stop) => stop());
  });
});
