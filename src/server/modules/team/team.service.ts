import { asc, eq, sql } from "drizzle-orm";
import type { TeamMember } from "../../../shared/schemas/team";
import type { Database } from "../../db/client";
import { profiles, userRoles } from "../../db/schema";
import type { Actor } from "../../http/context";
import { forbidden } from "../../http/problem";

/** Admins are the team members a project can be assigned to (D2). Only admins may list them. */
export async function listTeam(actor: Actor, db: Database): Promise<TeamMember[]> {
  if (actor.role !== "admin") throw forbidden();
  return db
    .select({ id: profiles.id, name: profiles.fullName, email: profiles.email })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"))
    .orderBy(sql`lower(${profiles.fullName})`, asc(profiles.email));
}
