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
/** The number offered once an invoice numbered `invoiceNumber` is created. */
const nextAfter = async (invoiceNumber: string) => {
  await numbered(invoiceNumber);
  return next();
};

describe("GET /api/invoices/next-number", () => {
  it("offers INV-0001 when there is no invoice yet", async () => {
    expect(await next()).toBe("INV-0001");
  });

  it("offers the highest of the series plus one, drafts and void ones included; a number that ends in no digits starts no series", async () => {
    await numbered("INV-0041");
    await numbered("INV-0007", "void");
    await numbered("INV-0042", "draft");
    // Other series share the start of its prefix, or its digits: none of them is INV-<digits>.
    for (const other of ["inv-0900", "X-INV-0700", "INV-08.5", "INV--1000", "INV-2025-0999"]) await numbered(other);
    await numbered("INV-0040");
    for (const noSeries of ["INV-", "INV-0500a", "Special order"]) await numbered(noSeries);
    expect(await next()).toBe("INV-0043");
  });

  it("continues the series of the invoice created last, however its prefix is written", async () => {
    expect(await nextAfter("INV-2026-017")).toBe("INV-2026-018");
    // An older number of the series entered late does not lower it.
    expect(await nextAfter("INV-2026-003")).toBe("INV-2026-018");
    // A prefix with characters that a LIKE or a regular expression would read as patterns: read so, they would count Qx…/99 in.
    await numbered("Qx_.*[a]/99");
    await numbered("Q%_.*[a]/7");
    await numbered("Q%_.*[a]/12");
    expect(await next()).toBe("Q%_.*[a]/13");
    expect(await nextAfter("INV-2026-018")).toBe("INV-2026-019");
  });

  it("keeps counting past 9999 without padding away digits, and past what a 64-bit integer holds", async () => {
    expect(await nextAfter("INV-9999")).toBe("INV-10000");
    expect(await nextAfter("INV-123456789012345678901234567890")).toBe("INV-123456789012345678901234567891");
  });

  it("answers 403 to a customer and 401 to an anonymous caller", async () => {
    expect((await acme.customer.client.get("/api/invoices/next-number")).status).toBe(403);
    expect((await server.anonymous().get("/api/invoices/next-number")).status).toBe(401);
  });
});
