import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "./schema";
import { COUNTER_MAX_AGE_MS, countInWindow, forgetOldCounters } from "./rate-counter";
import { serverForFile } from "@/server/test/per-file";

const server = serverForFile();

describe("rate-limit counters", () => {
  it("forgets counters untouched for a day and keeps every one still in use", async () => {
    const now = Date.now();
    const keys = { stale: `sweep-stale-${now}`, recent: `sweep-recent-${now}`, hourOld: `sweep-hour-${now}` };
    await countInWindow(server.deps.db, keys.stale, 60_000, now - COUNTER_MAX_AGE_MS - 1);
    await countInWindow(server.deps.db, keys.hourOld, 60 * 60_000, now - 60 * 60_000);
    await countInWindow(server.deps.db, keys.recent, 60_000, now);

    expect(await forgetOldCounters(server.deps.db, COUNTER_MAX_AGE_MS, now)).toBe(1);
    const left = await server.deps.db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, Object.values(keys)));
    expect(left.map((row) => row.key).sort()).toEqual([keys.hourOld, keys.recent].sort());
  });
});
