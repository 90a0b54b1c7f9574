import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { webhookEventTypes } from "@/shared/rules/webhooks";
import type { ChangeActor } from "@/server/changes/change";
import { webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { customerWithProject } from "@/server/test/fixtures";
import { serverForFile } from "@/server/test/per-file";
import { webhookListener } from "./webhook-events";

/** The webhooks' listener on its own (ADR 031, 040): which events each part of a change records. */
const server = serverForFile();
let world: Awaited<ReturnType<typeof customerWithProject>>;
let endpointId: string;
let actor: ChangeActor;

beforeAll(async () => {
  world = await customerWithProject(server, "Hooked Ltd");
  actor = { userId: world.customer.id, name: world.customer.name, role: "customer", companyId: world.company.id };
  // Limited to this company, so no other file's events land here; never sent (no sender runs in tests).
  const [endpoint] = await server.deps.db
    .insert(webhookEndpoints)
    .values({ url: "https://hooks.example.com/portico", eventTypes: [...webhookEventTypes], companyId: world.company.id, secret: "sealed" })
    .returning({ id: webhookEndpoints.id });
  endpointId = endpoint!.id;
});

/** The ids of the endpoint's deliveries so far. */
async function deliveryIds() {
  const rows = await server.deps.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  return new Set(rows.map((row) => row.id));
}

/**
 * The events recorded since `before` (deliveryIds then), as their type and body's data, in the
 * order of their types: the events of one change can share a millisecond, all PGlite's clock
 * tells apart, so their creation times do not order them.
 */
async function recordedSince(before: Set<string>) {
  const rows = await server.deps.db
    .select({ id: webhookDeliveries.id, type: webhookDeliveries.eventType, body: webhookDeliveries.body })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return rows
    .filter((row) => !before.has(row.id))
    .map((row) => ({ type: row.type, data: (JSON.parse(row.body) as { data: unknown }).data }))
    .sort((a, b) => a.type.localeCompare(b.type));
}

describe("webhookListener", () => {
  it("records message.created, member.joined and company.created with the actor and the record's id", async () => {
    const before = await deliveryIds();
    const messageId = crypto.randomUUID();
    await webhookListener(server.deps.db, { message: { actor, companyId: world.company.id, id: messageId, content: "Hi" } });
    await webhookListener(server.deps.db, { memberJoined: { companyId: world.company.id, userId: world.customer.id, name: null, email: world.customer.email } });
    await webhookListener(server.deps.db, { companyCreated: { actor: { userId: actor.userId, name: actor.name }, companyId: world.company.id } });
    const companyId = world.company.id;
    expect(await recordedSince(before)).toEqual([
      { type: "company.created", data: { companyId, actor: { id: actor.userId, name: actor.name } } },
      { type: "member.joined", data: { companyId, actor: { id: world.customer.id, name: null }, userId: world.customer.id } },
      { type: "message.created", data: { companyId, actor: { id: actor.userId, name: actor.name }, messageId } },
    ]);
  });

  it("records a comment and a change of a record's history, and nothing of history kept from customers or a file attached", async () => {
    const before = await deliveryIds();
    const subject = { type: "project" as const, id: world.project.id, companyId: world.company.id };
    const commentId = crypto.randomUUID();
    await webhookListener(server.deps.db, {
      history: [
        { actor, subject, entries: [{ kind: "commented" }], commentId },
        { actor, subject, entries: [{ kind: "changed", field: "status", from: "planning", to: "active" }], adminOnly: true },
        { actor, subject, entries: [{ kind: "attached", to: "plan.pdf" }] },
        { actor, subject, entries: [{ kind: "changed", field: "description" }] },
      ],
    });
    const base = { companyId: world.company.id, actor: { id: actor.userId, name: actor.name }, projectId: world.project.id };
    expect(await recordedSince(before)).toEqual([
      { type: "project.comment.created", data: { ...base, commentId } },
      { type: "project.updated", data: { ...base, changes: [{ field: "description" }] } },
    ]);
  });

  it("records nothing for a change with only an audit entry or an announcement", async () => {
    const before = await deliveryIds();
    await webhookListener(server.deps.db, { audit: { kind: "data.exported" }, announce: { kind: "company", companyId: world.company.id, id: world.company.id } });
    expect(await recordedSince(before)).toEqual([]);
  });
});
