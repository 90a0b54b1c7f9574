import { beforeAll, describe, expect, it } from "vitest";
import { customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { apartFromRequestId, column } from "@/server/test/test-client";

const ids: Record<string, string> = {};

// Two companies side by side, created once: every test below only reads.
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const a = beforeAllTests(() => customerOfNewCompany(server, "Alpha Corp"));
const b = beforeAllTests(() => customerOfNewCompany(server, "Beta Corp"));
beforeAll(async () => {
  const create = async (companyId: string, invoiceNumber: string, issueDate: string, extra: Record<string, unknown> = {}) => {
    const response = await admin.client.post("/api/invoices", invoiceBody(companyId, { invoiceNumber, issueDate, ...extra }));
    ids[invoiceNumber] = response.body.id;
  };
  // Created in this order, issued in another: customers sort by issue date, admins by creation.
  await create(a.company.id, "A-002", "2026-02-01", { pdfUrl: "https://files.example.test/a-002.pdf" });
  await create(a.company.id, "A-001", "2026-01-01", { status: "paid" });
  await create(a.company.id, "A-003", "2026-03-01");
  await create(b.company.id, "B-001", "2026-01-15", { pdfUrl: "http://files.example.test/b-001.pdf?sig=x" });
});

const numbers = column("invoiceNumber");

describe("GET /api/invoices", () => {
  it("shows each customer only their company's invoices, newest issue date first", async () => {
    const response = await a.customer.client.get("/api/invoices");
    expect(response.status).toBe(200);
    expect(numbers(response.body)).toEqual(["A-003", "A-002", "A-001"]);
    expect(response.body).toMatchObject({ total: 3, page: 1 });
    expect(response.body.items[1]).toMatchObject({ amount: "100.00", company: { id: a.company.id, name: "Alpha Corp" } });
    expect(numbers((await b.customer.client.get("/api/invoices")).body)).toEqual(["B-001"]);
  });

  it("ignores a customer's attempt to list another company", async () => {
    const response = await a.customer.client.get(`/api/invoices?companyId=${b.company.id}`);
    expect(numbers(response.body)).toEqual(["A-003", "A-002", "A-001"]);
  });

  it("gives a customer without a company an empty list", async () => {
    const loner = await server.createUser();
    expect((await loner.client.get("/api/invoices")).body).toMatchObject({ items: [], total: 0 });
  });

  it("pages an admin through all invoices, newest created first, with filters and number search", async () => {
    const first = await admin.client.get("/api/invoices?pageSize=3");
    expect(first.body).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(numbers(first.body)).toEqual(["B-001", "A-003", "A-001"]);
    expect(numbers((await admin.client.get("/api/invoices?pageSize=3&page=2")).body)).toEqual(["A-002"]);
    expect(numbers((await admin.client.get(`/api/invoices?companyId=${b.company.id}`)).body)).toEqual(["B-001"]);
    expect(numbers((await admin.client.get("/api/invoices?status=paid")).body)).toEqual(["A-001"]);
    expect(numbers((await admin.client.get("/api/invoices?q=a-00&sort=asc")).body)).toEqual(["A-002", "A-001", "A-003"]);
  });

  it("answers 401 to an anonymous caller and 400 naming a bad filter", async () => {
    expect((await server.anonymous().get("/api/invoices")).status).toBe(401);
    const response = await admin.client.get("/api/invoices?status=overdue");
    expect(response.status).toBe(400);
    expect(response.problem.errors![0]!.field).toBe("status");
  });
});

describe("GET /api/invoices/:id", () => {
  it("shows a customer their own invoice and an admin any invoice", async () => {
    const own = await a.customer.client.get(`/api/invoices/${ids["A-001"]}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ invoiceNumber: "A-001", status: "paid", issueDate: "2026-01-01" });
    expect((await admin.client.get(`/api/invoices/${ids["B-001"]}`)).status).toBe(200);
  });

  it("answers 404 for another company's invoice exactly as for a missing one, 400 for a malformed id", async () => {
    const foreign = await b.customer.client.get(`/api/invoices/${ids["A-001"]}`);
    const missing = await b.customer.client.get(`/api/invoices/${crypto.randomUUID()}`);
    expect(foreign.status).toBe(404);
    expect(apartFromRequestId(foreign.body)).toEqual(apartFromRequestId(missing.body));
    expect((await b.customer.client.get("/api/invoices/A-001")).status).toBe(400);
    expect((await server.anonymous().get(`/api/invoices/${ids["A-001"]}`)).status).toBe(401);
  });
});

describe("GET /api/invoices/:id/pdf", () => {
  it("redirects the invoice's own customer and an admin to the PDF", async () => {
    const own = await a.customer.client.raw(`/api/invoices/${ids["A-002"]}/pdf`);
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe("https://files.example.test/a-002.pdf");
    const asAdmin = await admin.client.raw(`/api/invoices/${ids["B-001"]}/pdf`);
    expect(asAdmin.status).toBe(302);
    expect(asAdmin.headers.get("location")).toBe("http://files.example.test/b-001.pdf?sig=x");
  });

  it("answers 404 for another company's invoice and an unknown one", async () => {
    const foreign = await b.customer.client.get(`/api/invoices/${ids["A-002"]}/pdf`);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get("location")).toBeNull();
    expect((await b.customer.client.get(`/api/invoices/${ids["A-003"]}/pdf`)).status).toBe(404);
    expect((await admin.client.get(`/api/invoices/${crypto.randomUUID()}/pdf`)).status).toBe(404);
    expect((await server.anonymous().get(`/api/invoices/${ids["A-002"]}/pdf`)).status).toBe(401);
  });
});

describe("OpenAPI document", () => {
  it("documents every invoice route", async () => {
    const doc = await server.anonymous().get("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths!)).toEqual(expect.arrayContaining(["/invoices", "/invoices/{id}", "/invoices/{id}/pdf"]));
    expect(Object.keys(doc.body.paths!["/invoices"]!)).toEqual(expect.arrayContaining(["get", "post"]));
  });
});
