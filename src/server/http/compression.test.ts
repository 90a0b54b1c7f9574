import { describe, expect, it } from "vitest";
import { projects } from "../db/schema";
import { customerWithCompany } from "@/server/test/fixtures";
import { serverForFile } from "@/server/test/per-file";

const server = serverForFile();

describe("API compression", () => {
  it("gzips a JSON answer of 1 KiB or more for a client that accepts it, and not a small one", async () => {
    const customer = await customerWithCompany(server, "Zip Co");
    const rows = Array.from({ length: 20 }, (_, i) => ({ companyId: customer.company.id, name: `Project ${i}`, slug: `zip-${i}-${customer.id}` }));
    await server.deps.db.insert(projects).values(rows);

    const list = await customer.client.raw("/api/projects", { headers: { "accept-encoding": "gzip" } });
    expect(list.headers.get("content-encoding")).toBe("gzip");
    expect(list.headers.get("vary")).toMatch(/accept-encoding/i);
    expect((await list.json()).items).toHaveLength(20);

    const small = await customer.client.raw("/api/me", { headers: { "accept-encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect((await small.json()).email).toBe(customer.email);

    const plain = await customer.client.raw("/api/projects", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("never compresses the event stream, whose events must leave as they are written", async () => {
    const user = await server.createUser();
    const controller = new AbortController();
    const stream = await user.client.raw("/api/events", { headers: { "accept-encoding": "gzip" }, signal: controller.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("content-encoding")).toBeNull();
    controller.abort();
  });
});
