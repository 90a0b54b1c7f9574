import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Company, CompanyListItem, CompanyListQuery, CompanyOption, CompanyOptionsQuery, CompanyProfileInput, MyCompany } from "../../../shared/schemas/company";
import type { Page } from "../../../shared/schemas/pagination";
import type { Database } from "../../db/client";
import { cappedCount, cappedTotalColumn, splitTotal } from "../../db/count";
import { prepared } from "../../db/prepared";
import { containsText, ListFilter } from "../../db/scope";
import { companies, companyUsers } from "../../db/schema";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/problem";
import { activeProjectCount, companyIdIn, projectCountOf, scope, toCompany, userCountOf } from "./company-select";

export async function listCompanies(actor: Actor, db: Database, query: CompanyListQuery): Promise<Page<CompanyListItem>> {
  const filter = new ListFilter(actor, companies.id).contains("q", companies.name, query.q);
  const statement = prepared(db, `companies_list_${filter.key}_${query.sort}`, (name) => {
    const where = filter.where();
    // Matches companies_created_at_idx (created_at desc, id) in either direction.
    const order = query.sort === "asc" ? [asc(companies.createdAt), desc(companies.id)] : [desc(companies.createdAt), asc(companies.id)];
    // The page is chosen in a subquery and the per-row counts are computed outside it, for its rows
    // only: Postgres evaluates select-list subqueries for every row an OFFSET skips, too. (Picking
    // the ids first and fetching `where id in (…)` made the planner hash-join all 10,000 companies.)
    const page = db
      .select()
      .from(companies)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page");
    const pageOrder = query.sort === "asc" ? [asc(page.createdAt), desc(page.id)] : [desc(page.createdAt), asc(page.id)];
    return db
      .select({
        id: page.id,
        name: page.name,
        contactName: page.contactName,
        contactEmail: page.contactEmail,
        phone: page.phone,
        address: page.address,
        createdAt: page.createdAt,
        updatedAt: page.updatedAt,
        projectCount: projectCountOf(companyIdIn("page")),
        userCount: userCountOf(companyIdIn("page")),
        fullCount: cappedTotalColumn(companies, where),
      })
      .from(page)
      .orderBy(...pageOrder)
      .prepare(name);
  });
  const selected = await statement.execute({ ...filter.values, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  const { rows, counted } = await splitTotal(selected, query.page, () => cappedCount(db, companies, filter.whereWithValues()));
  return {
    items: rows.map(({ projectCount, userCount, ...company }) => ({ ...toCompany(company), projectCount, userCount })),
    ...counted,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function listCompanyOptions(actor: Actor, db: Database, query: CompanyOptionsQuery): Promise<CompanyOption[]> {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(scope(actor), query.q ? containsText(companies.name, query.q) : undefined))
    .orderBy(sql`lower(${companies.name})`, asc(companies.id))
    .limit(query.limit);
}

export async function findCompany(actor: Actor, db: Database, id: string): Promise<Company> {
  const filter = new ListFilter(actor, companies.id).equals("id", companies.id, id);
  const statement = prepared(db, `company_${filter.key}`, (name) => db.select().from(companies).where(filter.where()).prepare(name));
  const [row] = await statement.execute(filter.values);
  // Another company's record answers exactly like a missing one (D11).
  if (!row) throw notFound("Customer not found");
  return toCompany(row);
}

export async function findMyCompany(actor: Actor, db: Database): Promise<MyCompany> {
  if (!actor.companyId) return { company: null, activeProjectCount: 0 };
  const [row] = await db
    .select({ company: companies, activeProjectCount })
    .from(companies)
    .where(eq(companies.id, actor.companyId));
  return row ? { company: toCompany(row.company), activeProjectCount: row.activeProjectCount } : { company: null, activeProjectCount: 0 };
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return (cause as { code?: unknown }).code === "23505";
}

/**
 * The profile form: updates the caller's company, or creates it together with the caller's
 * membership in one transaction (D3), so a failure never leaves a company nobody belongs to.
 */
export async function saveMyCompany(actor: Actor, db: Database, input: CompanyProfileInput): Promise<{ created: boolean; company: Company }> {
  const values = {
    name: input.name,
    contactName: input.contactName,
    contactEmail: input.contactEmail,
    phone: input.phone,
    address: input.address,
  };
  if (actor.companyId) {
    const [row] = await db
      .update(companies)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(companies.id, actor.companyId))
      .returning();
    if (!row) throw notFound("Company not found");
    return { created: false, company: toCompany(row) };
  }
  try {
    const row = await db.transaction(async (tx) => {
      const [company] = await tx.insert(companies).values(values).returning();
      await tx.insert(companyUsers).values({ userId: actor.userId, companyId: company!.id });
      return company!;
    });
    return { created: true, company: toCompany(row) };
  } catch (error) {
    // Two saves raced and the other one created the membership first; this one rolled back.
    if (isUniqueViolation(error)) throw conflict("Your company profile was just created; reload and try again");
    throw error;
  }
}
