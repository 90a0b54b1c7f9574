import { afterEach, describe, expect, it, vi } from "vitest";
import { publicApi } from "./api";

/** A fetch that records each request and answers what the unsubscribe routes answer. */
function stubFetch() {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ kind: "message", label: "Messages from the team", delivery: "off" }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

describe("publicApi", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends a signed link's token in the query, encoded, on a read and on a write", async () => {
    const calls = stubFetch();
    const token = "v1.abc+def/ghi=";
    await publicApi.get("/notifications/unsubscribe", { query: { token } });
    await publicApi.post("/notifications/unsubscribe", {}, { query: { token } });
    expect(calls.map(({ url, init }) => [init.method, url])).toEqual([
      ["GET", "/api/notifications/unsubscribe?token=v1.abc%2Bdef%2Fghi%3D"],
      ["POST", "/api/notifications/unsubscribe?token=v1.abc%2Bdef%2Fghi%3D"],
    ]);
    // The web page's write is JSON (the CSRF rule's same-origin JSON), unlike a mail provider's form.
    expect(calls[1]!.init.body).toBe("{}");
    expect(new Headers(calls[1]!.init.headers).get("content-type")).toBe("application/json");
  });
});
