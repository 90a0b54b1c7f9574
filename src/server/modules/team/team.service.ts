import { asc, eq, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { TeamMember } from "@/shared/schemas/team";
import { profiles, userRoles } from "@/server/db/schema";
import { forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";

/** Admins are the team members a project can be assigned to (D2). Only admins may list them. */
export async function listTeam({ db, actor }: ServiceContext): Promise<TeamMember[]> {
  if (!can(actor, "read", "team")) throw forbidden();
  return db
    .select({ id: profiles.id, name: profiles.fullName, email: profiles.email })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"))
    .orderBy(sql`lower(${profiles.fullName})`, asc(profiles.email));
}
