import { eq, sql, type SQL } from "drizzle-orm";
import type { SelectedFields, SubqueryWithSelection } from "drizzle-orm/pg-core";
import type { UserListItem } from "@/shared/schemas/user";
import { roleOf } from "@/server/actor-row";
import type { Database } from "@/server/db/client";
import type { PlaceholderWhere } from "@/server/db/paged-list";
import { containsPattern } from "@/server/db/scope";
import { companies, companyUsers, profiles, userRoles } from "@/server/db/schema";
import type { CompanyRole, Role } from "@/shared/enums";

/** What a Users row is read from: the account, its role record, its membership and company. */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: Role | null;
  companyId: string | null;
  companyName: string | null;
  companyRole: CompanyRole | null;
  lastSignedInAt: Date | null;
  twoFactorEnabled: boolean;
  deactivatedAt: Date | null;
  createdAt: Date;
}

export const toUserListItem = (row: UserRow): UserListItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: roleOf(row.role),
  company: row.companyId && row.companyName !== null ? { id: row.companyId, name: row.companyName } : null,
  companyRole: row.companyId ? row.companyRole : null,
  lastSignedInAt: row.lastSignedInAt?.toISOString() ?? null,
  twoFactorEnabled: row.twoFactorEnabled,
  status: row.deactivatedAt ? "deactivated" : "active",
  deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The Users list's search: a substring of the name or of the address, matched against the two as
 * one text so that the single trigram index of drizzle/0013 serves it (searching across the
 * boundary, "doe jane@", matches too, which does no harm). Only `profiles` columns, so the capped count's subquery
 * can use the same clause (count.ts).
 */
export class UserSearch implements PlaceholderWhere {
  readonly values: Record<string, unknown> = {};

  constructor(q: string | undefined) {
    if (q) this.values.q = containsPattern(q);
  }

  /** The statement's shape: whether it searches (never the search itself). */
  get key(): string {
    return "q" in this.values ? "q" : "all";
  }

  where(): SQL | undefined {
    return this.#match(sql.placeholder("q"));
  }

  whereWithValues(): SQL | undefined {
    return this.#match(this.values.q);
  }

  #match(pattern: unknown): SQL | undefined {
    if (!("q" in this.values)) return undefined;
    return sql`(${profiles.fullName} || ' ' || ${profiles.email}) ILIKE ${pattern}`;
  }
}

/** The account's own columns of a Users row; the rest is joined to them (`selectUserRows`). */
export const accountColumns = {
  id: profiles.id,
  name: profiles.fullName,
  email: profiles.email,
  lastSignedInAt: profiles.lastSignedInAt,
  twoFactorEnabled: profiles.twoFactorEnabled,
  deactivatedAt: profiles.deactivatedAt,
  createdAt: profiles.createdAt,
};
type Accounts = SubqueryWithSelection<typeof accountColumns, "page">;

/**
 * The accounts of `page` (a subquery of `accountColumns`: the list's page, or one account) as Users
 * rows, with their role record, membership and company joined to them, plus any `extra` columns.
 * One query for the list and for the row an action answers with, so the two never read a user differently.
 */
export function selectUserRows<Extra extends SelectedFields>(db: Database, page: Accounts, extra: Extra = {} as Extra) {
  return db
    .select({
      id: page.id,
      name: page.name,
      email: page.email,
      role: userRoles.role,
      companyId: companyUsers.companyId,
      companyName: companies.name,
      companyRole: companyUsers.role,
      lastSignedInAt: page.lastSignedInAt,
      twoFactorEnabled: page.twoFactorEnabled,
      deactivatedAt: page.deactivatedAt,
      createdAt: page.createdAt,
      ...extra,
    })
    .from(page)
    .leftJoin(userRoles, eq(userRoles.userId, page.id))
    .leftJoin(companyUsers, eq(companyUsers.userId, page.id))
    .leftJoin(companies, eq(companies.id, companyUsers.companyId));
}

/** One account as a Users row, or undefined when there is none with that id. */
export async function selectUser(db: Database, id: string): Promise<UserListItem | undefined> {
  const [row] = await selectUserRows(db, db.select(accountColumns).from(profiles).where(eq(profiles.id, id)).as("page"));
  return row ? toUserListItem(row) : undefined;
}
