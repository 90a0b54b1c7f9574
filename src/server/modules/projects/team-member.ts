import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { profiles, userRoles } from "@/server/db/schema";
import type { HistoryEntry } from "@/server/changes/change";

/* Who may be made responsible for a project or ticket, and how the history names them. */

/** The history names the people an assignee change was between (their ids would mean nothing to a reader). */
export async function withAssigneeNames(db: Pick<Database, "select">, entries: HistoryEntry[]): Promise<HistoryEntry[]> {
  const ids = entries.filter((entry) => entry.field === "assignedTo").flatMap((entry) => [entry.from, entry.to]).filter((id): id is string => !!id);
  if (ids.length === 0) return entries;
  const people = await db.select({ id: profiles.id, name: profiles.fullName }).from(profiles).where(inArray(profiles.id, ids));
  const nameOf = (id: string | null | undefined) => (id ? (people.find((person) => person.id === id)?.name ?? null) : null);
  return entries.map((entry) => (entry.field === "assignedTo" ? { ...entry, from: nameOf(entry.from), to: nameOf(entry.to) } : entry));
}

/** A stored role, not the caller's: a project or ticket is assigned to a member of the provider team. */
export async function isTeamMember(db: Pick<Database, "select">, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  return row !== undefined;
}
