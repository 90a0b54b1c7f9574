import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChangeActor } from "@/server/changes/change";
import { activityEvents } from "@/server/db/schema";
import { customerWithProject } from "@/server/test/fixtures";
import type { TestUser } from "@/server/test/harness";
import { serverForFile } from "@/server/test/per-file";
import { writeAndRollBack } from "@/server/test/rolled-back";
import { activityListener } from "./activity-log";

/** The history's listener on its own (ADR 040): what it writes for each part of a change. */
const server = serverForFile();
let admin: TestUser;
let actor: ChangeActor;
let world: Awaited<ReturnType<typeof customerWithProject>>;

beforeAll(async () => {
  admin = await server.createUser({ admin: true, name: "Ada Admin" });
  actor = { userId: admin.id, name: admin.name, role: "admin", companyId: null };
  world = await customerWithProject(server, "Listener Ltd");
});

const historyOf = (projectId: string) =>
  server.deps.db
    .select({ kind: activityEvents.kind, field: activityEvents.field, from: activityEvents.fromValue, to: activityEvents.toValue, actorName: activityEvents.actorName, adminOnly: activityEvents.adminOnly })
    .from(activityEvents)
    .where(eq(activityEvents.projectId, projectId))
    .orderBy(activityEvents.id);

describe("activityListener", () => {
  it("writes one entry per history entry of every history part, by its actor, in the transaction it is given", async () => {
    const subject = { type: "project" as const, id: world.project.id, companyId: world.company.id };
    await server.deps.db.transaction((tx) =>
      activityListener(tx, {
        history: [
          { actor, subject, entries: [{ kind: "changed", field: "status", from: "planning", to: "active" }] },
          { actor, subject, entries: [{ kind: "changed", field: "name" }], adminOnly: true },
        ],
        announce: { kind: "project", companyId: world.company.id, id: world.project.id },
      }),
    );
    expect(await historyOf(world.project.id)).toEqual([
      { kind: "changed", field: "status", from: "planning", to: "active", actorName: "Ada Admin", adminOnly: false },
      { kind: "changed", field: "name", from: null, to: null, actorName: "Ada Admin", adminOnly: true },
    ]);
  });

  it("writes nothing for a change without history, nor for one that rolls back", async () => {
    const { project, company } = await customerWithProject(server, "Quiet Ltd");
    await activityListener(server.deps.db, { announce: { kind: "project", companyId: company.id, id: project.id }, audit: { kind: "data.exported" } });
    await activityListener(server.deps.db, { history: { actor, subject: { type: "project", id: project.id, companyId: company.id }, entries: [] } });
    await writeAndRollBack(server.deps.db, (tx) =>
      activityListener(tx, { history: { actor, subject: { type: "project", id: project.id, companyId: company.id }, entries: [{ kind: "commented" }] } }),
    );
    expect(await historyOf(project.id)).toEqual([]);
  });
});
