import { and, asc, eq, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { Company, CompanyListItem, CompanyListQuery, CompanyOption, CompanyOptionsQuery, CompanyProfileInput, MyCompany } from "@/shared/schemas/company";
import type { Page } from "@/shared/schemas/pagination";
import { isUniqueViolation } from "@/server/db/errors";
import { creationOrder, pagedList, pageSubquery } from "@/server/db/paged-list";
import { prepared } from "@/server/db/prepared";
import { containsText } from "@/server/db/scope";
import { companies, companyUsers } from "@/server/db/schema";
import { conflict, forbidden, notFound } from "@/server/http/problem";
import type { Database } from "@/server/db/client";
import type { ServiceContext } from "../context";
import { companyScope } from "../scopes";
import { activeProjectCount, companyIdIn, memberCountOf, projectCountOf, toCompany } from "./company-select";

/** Admin only: every company with its project and user counts. */
export async function listCompanies({ db, actor }: ServiceContext, query: CompanyListQuery): Promise<Page<CompanyListItem>> {
  if (!can(actor, "readAll", "company")) throw forbidden();
  const filter = companyScope(actor).filter().contains("q", companies.name, query.q);
  const { rows, ...counted } = await pagedList(db, {
    name: `companies_list_${filter.key}_${query.sort}`,
    table: companies,
    filter,
    paging: query,
    select: (where, fullCount) => {
      const page = pageSubquery(
        db
          .select()
          .from(companies)
          .where(where)
          .orderBy(...creationOrder(query.sort, companies.createdAt, companies.id))
          .$dynamic(),
      );
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
          userCount: memberCountOf(companyIdIn("page")),
          fullCount,
        })
        .from(page)
        .orderBy(...creationOrder(query.sort, page.createdAt, page.id));
    },
  });
  return {
    items: rows.map(({ projectCount, userCount, ...company }) => ({ ...toCompany(company), projectCount, userCount })),
    ...counted,
  };
}

/** Admin only: a company picker's choices. */
export async function listCompanyOptions({ db, actor }: ServiceContext, query: CompanyOptionsQuery): Promise<CompanyOption[]> {
  if (!can(actor, "readAll", "company")) throw forbidden();
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(companyScope(actor).where, query.q ? containsText(companies.name, query.q) : undefined))
    .orderBy(sql`lower(${companies.name})`, asc(companies.id))
    .limit(query.limit);
}

export async function findCompany({ db, actor }: ServiceContext, id: string): Promise<Company> {
  const filter = companyScope(actor).filter().equals("id", companies.id, id);
  const statement = prepared(db, `company_${filter.key}`, (name) => db.select().from(companies).where(filter.where()).prepare(name));
  const [row] = await statement.execute(filter.values);
  // Another company's record answers exactly like a missing one (D11).
  if (!row) throw notFound("Customer not found");
  return toCompany(row);
}

/** The caller's own company: no input, the actor says which. */
export async function findMyCompany({ db, actor }: ServiceContext): Promise<MyCompany> {
  if (!actor.companyId) return { company: null, activeProjectCount: 0 };
  const [row] = await db
    .select({ company: companies, activeProjectCount })
    .from(companies)
    .where(eq(companies.id, actor.companyId));
  return row ? { company: toCompany(row.company), activeProjectCount: row.activeProjectCount } : { company: null, activeProjectCount: 0 };
}

/** The columns the profile form sets; the same for the customer's own form and the admin's. */
const profileValues = (input: CompanyProfileInput) => ({
  name: input.name,
  contactName: input.contactName,
  contactEmail: input.contactEmail,
  phone: input.phone,
  address: input.address,
});

/** The company's event (ADR 038): its members' open Company page follows. */
const companyEvent = (companyId: string) => ({ kind: "company" as const, companyId, id: companyId });

/** A company made in `tx`: its webhook event (ADR 031) and its announcement, recorded as one change (ADR 040). */
const recordCompanyCreated = ({ record, actor }: ServiceContext, tx: Database, companyId: string) =>
  record(tx, { companyCreated: { actor: { userId: actor.userId, name: actor.name }, companyId }, announce: companyEvent(companyId) });

/**
 * The profile form: updates the caller's company, or creates it together with the caller's
 * membership in one transaction (D3), so a failure never leaves a company nobody belongs to.
 */
export async function saveMyCompany(ctx: ServiceContext, input: CompanyProfileInput): Promise<{ created: boolean; company: Company }> {
  const { db, actor } = ctx;
  const values = profileValues(input);
  const companyId = actor.companyId;
  if (companyId) {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(companies)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(companies.id, companyId))
        .returning();
      if (updated) await ctx.record(tx, { announce: companyEvent(updated.id) });
      return updated;
    });
    if (!row) throw notFound("Company not found");
    return { created: false, company: toCompany(row) };
  }
  try {
    const row = await db.transaction(async (tx) => {
      const [company] = await tx.insert(companies).values(values).returning();
      // Whoever creates the company owns it (ADR 015): they manage its team.
      await tx.insert(companyUsers).values({ userId: actor.userId, companyId: company!.id, role: "owner" });
      await recordCompanyCreated(ctx, tx, company!.id);
      return company!;
    });
    return { created: true, company: toCompany(row) };
  } catch (error) {
    // Two saves raced and the other one created the membership first; this one rolled back.
    if (isUniqueViolation(error)) throw conflict("Your company profile was just created; reload and try again");
    throw error;
  }
}

/**
 * The admin's "New Customer": a company nobody belongs to yet. Only a caller who sees every
 * company may make one; a customer's company comes from their profile form, which makes them its
 * member in the same transaction (saveMyCompany).
 */
export async function createCompany(ctx: ServiceContext, input: CompanyProfileInput): Promise<Company> {
  if (!can(ctx.actor, "readAll", "company")) throw forbidden();
  // The company and its webhook deliveries (ADR 031) commit together.
  const row = await ctx.db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values(profileValues(input)).returning();
    await recordCompanyCreated(ctx, tx, company!.id);
    return company!;
  });
  return toCompany(row);
}

/** The admin's edit of a company's profile; announced, so its members' open Company page follows. */
export async function updateCompany(ctx: ServiceContext, { id, profile }: { id: string; profile: CompanyProfileInput }): Promise<Company> {
  const { db, actor } = ctx;
  // Another company's record answers exactly like a missing one (D11).
  if (!can(actor, "update", { type: "company", companyId: id })) throw notFound("Customer not found");
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(companies)
      .set({ ...profileValues(profile), updatedAt: sql`now()` })
      .where(and(eq(companies.id, id), companyScope(actor).where))
      .returning();
    if (updated) await ctx.record(tx, { announce: companyEvent(updated.id) });
    return updated;
  });
  if (!row) throw notFound("Customer not found");
  return toCompany(row);
}
