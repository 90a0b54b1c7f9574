import { describe, expect, it } from "vitest";
import { serverForFile } from "@/server/test/per-file";

const server = serverForFile();

describe("GET /api/team", () => {
  it("lists the admins, and only the admins, by name for assignment", async () => {
    const zoe = await server.createUser({ admin: true, name: "zoe Zimmer" });
    const adam = await server.createUser({ admin: true, name: "Adam Ant" });
    await server.createUser({ name: "Carl Customer" });
    const response = await zoe.client.get("/api/team");
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: adam.id, name: "Adam Ant", email: adam.email },
      { id: zoe.id, name: "zoe Zimmer", email: zoe.email },
    ]);
  });

  it("answers 403 to a customer and 401 to an anonymous caller", async () => {
    const customer = await server.createUser();
    const forbidden = await customer.client.get("/api/team");
    expect(forbidden.status).toBe(403);
    expect(forbidden.problem.title).toBe("Forbidden");
    expect((await server.anonymous().get("/api/team")).status).toBe(401);
  });
});
