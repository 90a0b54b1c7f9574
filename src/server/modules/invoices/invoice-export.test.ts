import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import type { Invoice } from "@/shared/schemas/invoice";
import { eachRow, keysetBatches, keysetColumns } from "@/server/db/keyset-batches";
import { creationOrder } from "@/server/db/paged-list";
import { invoices } from "@/server/db/schema";
import { csvResponse } from "@/server/http/csv";
import { createCompany, customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import type { ServiceContext } from "../context";
import { invoiceTextFields } from "@/shared/rules/invoice-fields";
import { csvTextFields, exportInvoices, invoiceCsvColumns } from "./invoice-export";
import { todayIn } from "./overdue";
import { testServiceContext } from "@/server/test/service-context";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const a = beforeAllTests(() => customerOfNewCompany(server, "Alpha Corp"));
// A company name a spreadsheet would run as a formula, and one that needs quoting.
const b = beforeAllTests(() => customerOfNewCompany(server, "@SUM(A1)"));
const c = beforeAllTests(() => customerOfNewCompany(server, 'Gamma, "the third"'));
// The text fields the table exports come last, after the fixed columns (rules/invoice-fields.ts).
const textColumns = csvTextFields.map((name) => invoiceTextFields[name].column);
const HEADER = ["invoice_number,company,status,overdue,issue_date,due_date,subtotal,tax,total,amount_paid,amount_due,currency,paid_at,issued_at,created_at", ...textColumns].join(",");

beforeAll(async () => {
  const create = async (companyId: string, invoiceNumber: string, extra: Record<string, unknown> = {}) => {
    const response = await admin.client.post("/api/invoices", invoiceBody(companyId, { invoiceNumber, ...extra }));
    expect(response.status).toBe(201);
  };
  await create(a.company.id, "A-001", { amount: "1234.5" });
  await create(a.company.id, "A-002", { status: "paid" });
  // Due long ago and unpaid: overdue.
  await create(a.company.id, "A-003", { issueDate: "2020-01-01", dueDate: "2020-01-31" });
  await create(b.company.id, "=1+1", { amount: undefined, lines: [{ description: "Work", quantity: "3", unitPrice: "33.33", taxRate: "20" }] });
  await create(b.company.id, "B-002", { status: "paid", issueDate: "2026-02-01", dueDate: "2026-02-15" });
  await create(c.company.id, "C-001");
});

const exportPath = (query = "") => `/api/invoices/export${query}`;

async function download(query = "") {
  const response = await admin.client.raw(exportPath(query));
  return { response, text: await response.text() };
}

/** The admin list with the same filters, one page of all of it. */
async function listed(query = ""): Promise<Invoice[]> {
  const response = await admin.client.get(`/api/invoices?pageSize=100${query ? `&${query.slice(1)}` : ""}`);
  expect(response.status).toBe(200);
  return (response.body as { items: Invoice[] }).items;
}

/** The line an invoice of the JSON list must have in the CSV (this file's names need only these escapes). */
const quoted = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const escaped = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value);
const lineOf = (invoice: Invoice) =>
  [
    invoice.invoiceNumber,
    invoice.company.name,
    invoice.status,
    String(invoice.overdue),
    invoice.issueDate,
    invoice.dueDate ?? "",
    invoice.subtotal,
    invoice.tax,
    invoice.amount,
    invoice.amountPaid,
    invoice.amountDue,
    invoice.currency,
    invoice.paidAt ?? "",
    invoice.issuedAt ?? "",
    invoice.createdAt,
    ...csvTextFields.map((name) => invoice[name] ?? ""),
  ]
    .map((cell) => quoted(escaped(cell)))
    .join(",");
const csvOf = (items: Invoice[]) => [HEADER, ...items.map(lineOf)].join("\n") + "\n";

describe("GET /api/invoices/export", () => {
  it("answers a CSV download of exactly the admin list's invoices, in its order", async () => {
    const { response, text } = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="invoices-${todayIn("UTC")}.csv"`);
    // Streamed: no length known in advance.
    expect(response.headers.get("content-length")).toBeNull();
    expect(invoiceCsvColumns.join(",")).toBe(HEADER);
    const items = await listed();
    expect(items).toHaveLength(6);
    expect(text).toBe(csvOf(items));
  });

  it("writes amounts as plain decimals, dates as ISO, overdue as true/false, and escapes formula cells", async () => {
    const lines = (await download()).text.split("\n");
    // These invoices have no text fields: their exported cells (the last ones) are empty, and left off here.
    const emptyTexts = ",".repeat(textColumns.length);
    const line = (number: string) => {
      const found = lines.find((candidate) => candidate.startsWith(`${number},`))!;
      expect(found.endsWith(emptyTexts)).toBe(true);
      return found.slice(0, found.length - emptyTexts.length);
    };
    expect(line("A-001")).toMatch(/^A-001,Alpha Corp,unpaid,false,2026-03-01,,1234\.50,0\.00,1234\.50,0\.00,1234\.50,USD,,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(line("A-002")).toMatch(/^A-002,Alpha Corp,paid,false,2026-03-01,,100\.00,0\.00,100\.00,0\.00,0\.00,USD,\d{4}-\d\d-\d\dT[\d:.]+Z,/);
    expect(line("A-003")).toMatch(/^A-003,Alpha Corp,unpaid,true,2020-01-01,2020-01-31,100\.00,/);
    // 3 × 33.33 = 99.99, 20 % tax 20.00 (rounded half-up per line).
    expect(line("'=1+1")).toMatch(/^'=1\+1,'@SUM\(A1\),unpaid,false,2026-03-01,,99\.99,20\.00,119\.99,0\.00,119\.99,USD,,/);
    expect(line('C-001')).toMatch(/^C-001,"Gamma, ""the third""",unpaid,/);
    expect(lines.some((candidate) => candidate.startsWith("=") || candidate.includes(",@"))).toBe(false);
  });

  it("honours status, companyId, q and sort as the list does", async () => {
    for (const query of ["?status=paid", `?companyId=${a.company.id}`, "?q=a-00", "?sort=asc", `?companyId=${b.company.id}&status=unpaid&sort=asc`, "?q=nothing-like-it"]) {
      const items = await listed(query);
      expect((await download(query)).text, query).toBe(csvOf(items));
    }
    expect((await download("?status=paid")).text.split("\n").slice(1, -1).map((line) => line.split(",")[0])).toEqual(["B-002", "A-002"]);
  });

  it("answers 403 to customers, 401 to strangers and 400 naming a bad filter", async () => {
    expect((await a.customer.client.raw(exportPath())).status).toBe(403);
    expect((await server.anonymous().raw(exportPath())).status).toBe(401);
    const bad = await admin.client.get(exportPath("?status=overdue"));
    expect(bad.status).toBe(400);
    expect(bad.problem.errors![0]!.field).toBe("status");
    expect((await admin.client.get(exportPath("?companyId=nope"))).status).toBe(400);
  });

  it("refuses a customer in the service too, before any row is read", () => {
    const ctx = { ...adminContext(), actor: { ...adminContext().actor, role: "customer" as const, companyId: a.company.id } };
    expect(() => exportInvoices(ctx, { sort: "desc" })).toThrow(expect.objectContaining({ status: 403 }));
  });
});

function adminContext(): ServiceContext {
  return testServiceContext(server, { userId: admin.id, email: admin.email, name: admin.name, role: "admin", companyId: null, companyRole: null, sessionId: "export-test", twoFactorEnabled: false });
}

describe("the export in small batches", () => {
  it("streams the same file in batches of 3 as in one batch", async () => {
    for (const query of ["", "?sort=asc", "?status=unpaid"]) {
      const params = Object.fromEntries(new URLSearchParams(query));
      const exportQuery = { sort: (params.sort ?? "desc") as "asc" | "desc", status: params.status as "unpaid" | undefined };
      const app = new Hono().get("/", (ctx) => csvResponse(ctx, { filename: "x.csv", columns: invoiceCsvColumns, rows: exportInvoices(adminContext(), { ...exportQuery, batchSize: 3 }) }));
      expect(await (await app.request("/")).text(), query).toBe((await download(query)).text);
    }
  });
});

describe("keysetBatches", () => {
  // Seven invoices created at three instants a microsecond apart: ties a Date could not tell apart.
  const tied = beforeAllTests(async () => {
    const company = await createCompany(server, "Tie Co");
    const at = ["2026-01-01 00:00:00.000001+00", "2026-01-01 00:00:00.000001+00", "2026-01-01 00:00:00.000001+00", "2026-01-01 00:00:00.000002+00", "2026-01-01 00:00:00.000002+00", "2026-01-01 00:00:00+00", "2026-01-01 00:00:00.000003+00"];
    await server.deps.db.insert(invoices).values(
      at.map((createdAt, index) => ({
        companyId: company.id,
        invoiceNumber: `TIE-${index}`,
        issuedAt: sql`${createdAt}::timestamptz`,
        amount: "1.00",
        subtotal: "1.00",
        tax: "0.00",
        issueDate: "2026-01-01",
        createdAt: sql`${createdAt}::timestamptz`,
      })),
    );
    return company;
  });

  for (const sort of ["desc", "asc"] as const) {
    it(`reads every row once, in the list's ${sort} order, across batches and ties`, async () => {
      const { db } = server.deps;
      const whereTied = eq(invoices.companyId, tied.id);
      const expected = await db.select({ id: invoices.id }).from(invoices).where(whereTied).orderBy(...creationOrder(sort, invoices.createdAt, invoices.id));
      const sizes: number[] = [];
      const batches = keysetBatches({
        createdAt: invoices.createdAt,
        id: invoices.id,
        sort,
        batchSize: 3,
        batch: ({ after, orderBy, limit }) =>
          db.select({ ...keysetColumns(invoices.createdAt, invoices.id), id: invoices.id }).from(invoices).where(after ? sql`${whereTied} and ${after}` : whereTied).orderBy(...orderBy).limit(limit),
      });
      const ids: string[] = [];
      for await (const row of eachRow(
        (async function* () {
          for await (const batch of batches) {
            sizes.push(batch.length);
            yield batch;
          }
        })(),
      )) {
        ids.push(row.id);
      }
      expect(sizes).toEqual([3, 3, 1]);
      expect(ids).toEqual(expected.map((row) => row.id));
      expect(new Set(ids).size).toBe(7);
    });
  }

  it("ends with an empty read when the last batch is exactly full, yielding no empty batch", async () => {
    const { db } = server.deps;
    const whereTied = eq(invoices.companyId, tied.id);
    const sizes: number[] = [];
    for await (const batch of keysetBatches({
      createdAt: invoices.createdAt,
      id: invoices.id,
      sort: "desc",
      batchSize: 7,
      batch: ({ after, orderBy, limit }) =>
        db.select(keysetColumns(invoices.createdAt, invoices.id)).from(invoices).where(after ? sql`${whereTied} and ${after}` : whereTied).orderBy(...orderBy).limit(limit),
    })) {
      sizes.push(batch.length);
    }
    expect(sizes).toEqual([7]);
  });
});
