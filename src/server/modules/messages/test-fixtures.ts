import { companies, companyUsers } from "../../db/schema";
import type { TestServer, TestUser } from "../../test/harness";

/** Companies and memberships straight into the database: the companies API is its own module. */
export async function createCompany(server: TestServer, name: string) {
  const [company] = await server.deps.db.insert(companies).values({ name }).returning({ id: companies.id, name: companies.name });
  return company!;
}

/** A signed-in customer, member of `companyId`. */
export async function createCustomer(server: TestServer, companyId: string, name?: string): Promise<TestUser> {
  const user = await server.createUser(name ? { name } : {});
  await server.deps.db.insert(companyUsers).values({ companyId, userId: user.id });
  return user;
}
