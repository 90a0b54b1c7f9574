import { getTableName, sql, type Column, type SQL } from "drizzle-orm";
import type { Company } from "@/shared/schemas/company";
import { companies, companyUsers, projects } from "@/server/db/schema";

export const toCompany = (row: typeof companies.$inferSelect): Company => ({
  id: row.id,
  name: row.name,
  contactName: row.contactName,
  contactEmail: row.contactEmail,
  phone: row.phone,
  address: row.address,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

// "table"."column" spelled out: in a single-table select Drizzle leaves columns unqualified, and
// an unqualified "id" inside a subquery would bind to the inner table instead of the company.
const qualified = (column: Column) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
const companyId = qualified(companies.id);

/** `alias`.id of a subquery of companies, spelled out for the same reason. */
export const companyIdIn = (alias: string) => sql`${sql.identifier(alias)}.${sql.identifier(companies.id.name)}`;

// Correlated counts, each one an index lookup (projects_company_id_created_at_idx,
// company_users_company_id_idx); `id` is the qualified company id they count for.
export const projectCountOf = (id: SQL) => sql<number>`(select count(*)::int from ${projects} where ${qualified(projects.companyId)} = ${id})`;
/**
 * The admin Users column: the company's members, one membership row each. An admin belongs to no
 * company (D12), and an invitation is no membership until it is accepted: neither is counted.
 */
export const memberCountOf = (id: SQL) => sql<number>`(select count(*)::int from ${companyUsers} where ${qualified(companyUsers.companyId)} = ${id})`;
export const activeProjectCount = sql<number>`(select count(*)::int from ${projects} where ${qualified(projects.companyId)} = ${companyId} and ${qualified(projects.status)} = 'active')`;
