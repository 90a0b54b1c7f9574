import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { messages } from "@/server/db/schema";
import { createCompany, createCustomer } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { streamsClosedAfterEach } from "@/server/test/realtime/test-streams";

/**
 * Issue 47: a process can die after a send committed and before it announced anything (or the
 * client never got the answer). The client sends again under the same id and is told the message
 * is stored; that retry must make sure the company's screens hear of it.
 */
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const acme = beforeAllTests(() => createCompany(server, "Acme Ltd"));
const alice = beforeAllTests(() => createCustomer(server, acme.id, "Alice Acme"));
const bob = beforeAllTests(() => createCustomer(server, acme.id, "Bob Acme"));
const { stream } = streamsClosedAfterEach();

describe("a retried send of a stored message", () => {
  it("answers 200 with the stored message and announces it to every stream of the company", async () => {
    const streams = await Promise.all([stream(alice), stream(bob), stream(admin)]);
    // Committed without the app: no announcement was ever made for it.
    const id = randomUUID();
    await server.deps.db.insert(messages).values({ id, companyId: acme.id, senderId: alice.id, content: "Stored, never announced" });

    const retry = await alice.client.post("/api/messages", { id, content: "Stored, never announced" });

    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ id, companyId: acme.id, content: "Stored, never announced" });
    for (const reader of streams) {
      expect(await reader.waitForEvent("change", (event) => event.id === id)).toEqual({ kind: "message", companyId: acme.id, id });
    }
  });
});
