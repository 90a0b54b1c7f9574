import { eq, sql, type SQL } from "drizzle-orm";
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

/** One account as a Users row, or undefined when there is none with that id. */
export async function selectUser(db: Database, id: string): Promise<UserListItem | undefined> {
  const [row] = await db
    .select({
      id: profiles.id,
      name: profiles.fullName,
      email: profiles.email,
      role: userRoles.role,
      companyId: companyUsers.companyId,
      companyName: companies.name,
      companyRole: companyUsers.role,
      lastSignedInAt: profiles.lastSignedInAt,
      twoFactorEnabled: profiles.twoFactorEnabled,
      deactivatedAt: profiles.deactivatedAt,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .leftJoin(companyUsers, eq(companyUsers.userId, profiles.id))
    .leftJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(profiles.id, id));
  return row ? toUserListItem(row) : undefined;
}
