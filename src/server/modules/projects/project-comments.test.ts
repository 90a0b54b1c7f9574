import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles } from "../../db/schema";
import { addMember, createProject, customerWithCompany, nextEvent } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Ada Admin" }));
const a = beforeAllTests(() => customerWithCompany(server, "Alpha Ltd"));
const b = beforeAllTests(() => customerWithCompany(server, "Beta Ltd"));
const projectA = beforeAllTests(() => createProject(admin, a.company.id, { name: "Alpha Site" }));

const commentsUrl = (projectId: string) => `/api/projects/${projectId}/comments` as const;

describe("POST /api/projects/:id/comments", () => {
  it("adds a trimmed comment by the caller and announces it under the project", async () => {
    const event = nextEvent(server, "project_comment");
    const response = await a.client.post(commentsUrl(projectA.id), { content: "  Looks great  ", userId: admin.id });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ content: "Looks great", author: { id: a.id, name: a.name, email: a.email } });
    expect(await event).toEqual({ kind: "project_comment", companyId: a.company.id, id: projectA.id });
  });

  it("lets an admin comment on any company's project", async () => {
    const response = await admin.client.post(commentsUrl(projectA.id), { content: "Thanks!" });
    expect(response.status).toBe(201);
    expect(response.body.author!.id).toBe(admin.id);
  });

  it("rejects a blank comment with a 400 naming content", async () => {
    const response = await a.client.post(commentsUrl(projectA.id), { content: " \n " });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "content", message: "Comment cannot be empty" }]);
  });

  it("answers 404 to a customer of another company and for an unknown project, 400 for a malformed id", async () => {
    expect((await b.client.post(commentsUrl(projectA.id), { content: "Sneaky" })).status).toBe(404);
    expect((await admin.client.post(commentsUrl(randomUUID()), { content: "Lost" })).status).toBe(404);
    expect((await admin.client.post(commentsUrl("nope"), { content: "Lost" })).status).toBe(400);
    const loner = await server.createUser();
    expect((await loner.client.post(commentsUrl(projectA.id), { content: "Hi" })).status).toBe(404);
  });

  it("answers 401 to an anonymous caller", async () => {
    expect((await server.anonymous().post(commentsUrl(projectA.id), { content: "Hi" })).status).toBe(401);
  });
});

describe("GET /api/projects/:id/comments", () => {
  it("lists a project's comments oldest first with their authors, to its company's members and admins", async () => {
    const project = await createProject(admin, a.company.id, { name: "Thread" });
    const colleague = await addMember(server, a.company.id);
    await a.client.post(commentsUrl(project.id), { content: "First" });
    await admin.client.post(commentsUrl(project.id), { content: "Second" });
    await colleague.client.post(commentsUrl(project.id), { content: "Third" });
    for (const reader of [a, colleague, admin]) {
      const response = await reader.client.get(commentsUrl(project.id));
      expect(response.status).toBe(200);
      expect(response.body.map((c: { content: string }) => c.content)).toEqual(["First", "Second", "Third"]);
      expect(response.body[1]!.author).toEqual({ id: admin.id, name: "Ada Admin", email: admin.email });
    }
  });

  it("shows a comment whose author is gone with a null author", async () => {
    const project = await createProject(admin, a.company.id, { name: "Orphans" });
    const leaver = await addMember(server, a.company.id);
    await leaver.client.post(commentsUrl(project.id), { content: "Bye" });
    await server.deps.db.delete(profiles).where(eq(profiles.id, leaver.id));
    const response = await a.client.get(commentsUrl(project.id));
    expect(response.body).toEqual([expect.objectContaining({ content: "Bye", author: null })]);
  });

  it("gives an empty list for a project without comments", async () => {
    const project = await createProject(admin, a.company.id, { name: "Quiet" });
    expect((await a.client.get(commentsUrl(project.id))).body).toEqual([]);
  });

  it("hides another company's comments with a 404, and answers 404 for unknown, 401 anonymously", async () => {
    expect((await b.client.get(commentsUrl(projectA.id))).status).toBe(404);
    expect((await a.client.get(commentsUrl(randomUUID()))).status).toBe(404);
    expect((await server.anonymous().get(commentsUrl(projectA.id))).status).toBe(401);
  });
});
