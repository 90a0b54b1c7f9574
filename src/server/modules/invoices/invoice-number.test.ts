import { describe, expect, it } from "vitest";
import { customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

// A database of its own: the suggestion depends on every invoice number there is.
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const acme = beforeAllTests(() => customerOfNewCompany(server, "Numbers Inc"));

const next = async () => {
  const response = await admin.client.get("/api/invoices/next-number");
  expect(response.status).toBe(200);
  return response.body.invoiceNumber;
};
const numbered = async (invoiceNumber: string, status = "unpaid") =>
  expect((await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { invoiceNumber, status }))).status).toBe(201);

describe("GET /api/invoices/next-number", () => {
  it("offers INV-0001 when there is no invoice yet", async () => {
    expect(await next()).toBe("INV-0001");
  });

  it("offers the highest INV-<digits> plus one, ignoring numbers of any other form, drafts and void ones included", async () => {
    await numbered("INV-0041");
    await numbered("INV-0007", "void");
    await numbered("INV-0042", "draft");
    for (const ignored of ["inv-0900", "INV-0500a", "X-INV-0700", "INV-", "INV-08.5", "2026-INV-0999", "INV--1000"]) await numbered(ignored);
    expect(await next()).toBe("INV-0043");
  });

  it("keeps counting past 9999 without padding away digits, and past what a 64-bit integer holds", async () => {
    await numbered("INV-9999");
    expect(await next()).toBe("INV-10000");
    await numbered("INV-123456789012345678901234567890");
    expect(await next()).toBe("INV-123456789012345678901234567891");
  });

  it("answers 403 to a customer and 401 to an anonymous caller", async () => {
    expect((await acme.customer.client.get("/api/invoices/next-number")).status).toBe(403);
    expect((await server.anonymous().get("/api/invoices/next-number")).status).toBe(401);
  });
});
