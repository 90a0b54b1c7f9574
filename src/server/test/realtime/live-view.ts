import type { SseFrame, SseReader } from "./sse-client";
import type { TestUser } from "../harness";
import { openStream, sleep } from "./test-streams";

/**
 * What the web app does with a chat, reduced to its rules: refetch the conversation when the
 * stream opens (ready), when told to (resync) and on every message change; reconnect after a cut.
 * Nothing else ever refetches, so a view is only right if the realtime path is.
 */
export class LiveView {
  ids: string[] = [];
  connects = 0;
  /** How many streams of this view opened and said `ready`. */
  readies = 0;
  private reader: SseReader | undefined;
  private stopped = false;
  private fetching = false;
  private dirty = false;
  private offlineMs: number | undefined;

  constructor(
    private readonly user: TestUser,
    private readonly companyId?: string,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  /**
   * Drops the connection as a flaky network would; the view reconnects by itself (after `offlineMs`,
   * if given). Resolves once the connection is down.
   */
  async cut(offlineMs?: number): Promise<void> {
    this.offlineMs = offlineMs;
    await this.reader?.close();
  }

  /** Stops reconnecting and waits for a refetch in flight, so nothing outlives the test server. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.reader?.close();
    while (this.fetching) await new Promise((resolve) => setTimeout(resolve, 10)); // paces: a poll for the refetch in flight to end
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.connects += 1;
    const { reader } = await openStream(this.user.client, undefined, (frame) => this.onFrame(frame)).catch(() => ({ reader: undefined }));
    if (!reader) return void setTimeout(() => void this.connect(), 50); // paces: the retry after a failed connect
    this.reader = reader;
    void reader.ended.then(() => {
      if (this.reader !== reader || this.stopped) return;
      setTimeout(() => void this.connect(), this.offlineMs ?? 10 + Math.random() * 90); // paces: the reconnect after a cut
      this.offlineMs = undefined;
    });
  }

  private onFrame(frame: SseFrame): void {
    if (frame.event === "ready") this.readies += 1;
    if (frame.event === "ready" || frame.event === "resync") return void this.refetch();
    if (frame.event === "change" && (JSON.parse(frame.data) as { kind: string }).kind === "message") void this.refetch();
  }

  /** One fetch at a time; a change seen meanwhile triggers one more afterwards. */
  private async refetch(): Promise<void> {
    if (this.fetching) {
      this.dirty = true;
      return;
    }
    this.fetching = true;
    try {
      do {
        this.dirty = false;
        const path = this.companyId ? (`/api/messages?companyId=${this.companyId}` as const) : "/api/messages";
        const response = await this.user.client.get(path).catch(() => undefined);
        if (response?.status === 200) this.ids = response.body.map((m) => m.id);
        else this.dirty = true;
      } while (this.dirty && !this.stopped);
    } finally {
      this.fetching = false;
    }
  }
}

/** Whether every view shows exactly `expected` (message ids, in order) before `timeoutMs` passes. */
export async function converged(views: LiveView[], expected: string[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (views.every((view) => JSON.stringify(view.ids) === JSON.stringify(expected))) return true;
    await sleep(50); // paces: a poll until the views agree or the deadline passes
  }
  return false;
}
