import { describe, expect, it } from "vitest";
import { ActorCache, applyActorChange } from "./actor-cache";
import type { Actor } from "../actor";

const actor = (userId: string, sessionId: string): Actor => ({
  userId,
  sessionId,
  email: `${userId}@example.test`,
  name: userId,
  role: "customer",
  companyId: null,
  companyRole: null,
  twoFactorEnabled: false,
});

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("ActorCache", () => {
  it("keeps an entry for its time to live, and never past the session's own expiry", () => {
    const time = clock();
    const cache = new ActorCache({ ttlMs: 10_000, now: time.now });
    cache.set("a", { actor: actor("u1", "s1"), expiresAtMs: time.now() + 60_000 }, cache.epoch);
    cache.set("b", { actor: actor("u2", "s2"), expiresAtMs: time.now() + 5_000 }, cache.epoch);
    time.advance(5_000);
    expect(cache.get("a")?.actor.userId).toBe("u1");
    expect(cache.get("b")).toBeUndefined();
    time.advance(5_000);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("evicts by session, by user, and everything for a notice it does not understand", () => {
    const cache = new ActorCache();
    const far = Date.now() + 60_000;
    cache.set("t1", { actor: actor("u1", "s1"), expiresAtMs: far }, cache.epoch);
    cache.set("t2", { actor: actor("u1", "s2"), expiresAtMs: far }, cache.epoch);
    cache.set("t3", { actor: actor("u2", "s3"), expiresAtMs: far }, cache.epoch);
    cache.set("t4", { actor: actor("u3", "s4"), expiresAtMs: far }, cache.epoch);

    applyActorChange(cache, "session:s3");
    expect([cache.get("t3"), cache.size]).toEqual([undefined, 3]);
    applyActorChange(cache, "user:u1");
    expect([cache.get("t1"), cache.get("t2"), cache.size]).toEqual([undefined, undefined, 1]);
    applyActorChange(cache, "company:c1");
    expect(cache.size).toBe(0);
  });

  it("drops the oldest entry when full, and stores nothing with a time to live of 0", () => {
    const cache = new ActorCache({ maxEntries: 2 });
    const far = Date.now() + 60_000;
    for (const token of ["t1", "t2", "t3"]) cache.set(token, { actor: actor(token, token), expiresAtMs: far }, cache.epoch);
    expect([cache.get("t1"), cache.get("t2")?.actor.userId, cache.get("t3")?.actor.userId]).toEqual([undefined, "t2", "t3"]);

    const off = new ActorCache({ ttlMs: 0 });
    off.set("t1", { actor: actor("u1", "s1"), expiresAtMs: far }, off.epoch);
    expect(off.size).toBe(0);
  });

  it("does not store a session read before an eviction that landed while it was read", () => {
    const cache = new ActorCache();
    const far = Date.now() + 60_000;
    const epoch = cache.epoch; // the query for t1 starts
    cache.evictUser("u1"); // meanwhile the user's membership changes
    cache.set("t1", { actor: actor("u1", "s1"), expiresAtMs: far }, epoch);
    expect(cache.get("t1")).toBeUndefined();
    cache.set("t1", { actor: actor("u1", "s1"), expiresAtMs: far }, cache.epoch);
    expect(cache.get("t1")?.actor.userId).toBe("u1");
  });

  it("evicts a user's entries only, through every way an entry leaves or is replaced", () => {
    const time = clock();
    const cache = new ActorCache({ maxEntries: 3, ttlMs: 10_000, now: time.now });
    const far = time.now() + 60_000;
    cache.set("t1", { actor: actor("u1", "s1"), expiresAtMs: far }, cache.epoch);
    // The same token stored again for another user: u1 no longer owns it.
    cache.set("t1", { actor: actor("u2", "s2"), expiresAtMs: far }, cache.epoch);
    cache.evictUser("u1");
    expect(cache.get("t1")?.actor.userId).toBe("u2");

    cache.set("t2", { actor: actor("u1", "s3"), expiresAtMs: far }, cache.epoch);
    cache.set("t3", { actor: actor("u1", "s4"), expiresAtMs: far }, cache.epoch);
    cache.set("t4", { actor: actor("u3", "s5"), expiresAtMs: far }, cache.epoch); // drops t1, the oldest
    expect(cache.get("t1")).toBeUndefined();
    cache.evictUser("u2");
    expect(cache.size).toBe(3);
    cache.evictUser("u1");
    expect([cache.get("t2"), cache.get("t3"), cache.get("t4")?.actor.userId, cache.size]).toEqual([undefined, undefined, "u3", 1]);

    time.advance(10_000);
    expect(cache.get("t4")).toBeUndefined(); // expired on reading
    cache.set("t5", { actor: actor("u3", "s6"), expiresAtMs: time.now() + 60_000 }, cache.epoch);
    cache.evictUser("u3");
    expect(cache.size).toBe(0);
  });
});
