import { describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { customerWithProject } from "@/server/test/fixtures";
import { upload } from "@/server/test/files";
import { serverForFile } from "@/server/test/per-file";
import { registeredRoutes } from "@/server/test/security/routes";
import { describeFileStoreBehaviour } from "./files-suite";
import { isUploadRequest, UPLOAD_ROUTES } from "./upload-routes";

describeFileStoreBehaviour("database", () => ({ FILE_STORE: "database" }));

describe("upload routes", () => {
  const server = serverForFile(undefined, { WRITE_RATE_LIMIT: "2" });

  it("are the routes the API's middleware treats as uploads, and no other", () => {
    const registered = registeredRoutes(createApp(server.deps));
    expect(UPLOAD_ROUTES.filter((route) => !registered.includes(route))).toEqual([]);
    expect(isUploadRequest("POST", "/api/tickets/1/files")).toBe(true);
    expect(isUploadRequest("POST", "/api/tickets/1/comments")).toBe(false);
    expect(isUploadRequest("GET", "/api/invoices/1/pdf")).toBe(false);
    expect(isUploadRequest("POST", "/api/tickets/1/files/x")).toBe(false);
  });

  it("count against a customer's write rate limit, with tickets, comments and messages", async () => {
    const { project, customer } = await customerWithProject(server, "Limited");
    const ticket = await customer.client.post("/api/tickets", { projectId: project.id, title: "One" });
    expect(ticket.status).toBe(201);
    const path = `/api/tickets/${ticket.body.id}/files`;
    expect((await upload(customer.client, path, { name: "a.txt", type: "text/plain", bytes: "a" })).status).toBe(201);
    const refused = await upload(customer.client, path, { name: "b.txt", type: "text/plain", bytes: "b" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
