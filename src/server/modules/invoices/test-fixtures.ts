import { companies, companyUsers } from "../../db/schema";
import type { TestServer } from "../../test/harness";

/**
 * Companies and memberships straight into the database: the companies API is its own module,
 * and these tests are about invoices only.
 */
export async function customerOfNewCompany(server: TestServer, name: string) {
  const [company] = await server.deps.db.insert(companies).values({ name }).returning({ id: companies.id, name: companies.name });
  const customer = await server.createUser({ name: `${name} Customer` });
  await server.deps.db.insert(companyUsers).values({ companyId: company!.id, userId: customer.id });
  return { company: company!, customer };
}

/** A complete, valid create-invoice body for the company; override what the test is about. */
export const invoiceBody = (companyId: string, overrides: Record<string, unknown> = {}) => ({
  companyId,
  invoiceNumber: `INV-${Math.random().toString(36).slice(2, 10)}`,
  amount: "100.00",
  issueDate: "2026-03-01",
  ...overrides,
});
