import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { projects } from "../../db/schema";

const MAX_BASE_LENGTH = 60;
export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Website Redesign!" -> "website-redesign" (D7); accents are folded, anything else becomes "-". */
export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_BASE_LENGTH)
    .replace(/^-+|-+$/g, "");
  if (!base) return "project";
  // Detail routes take an id or a slug: a slug shaped like a UUID would be read as an id.
  return UUID_SHAPE.test(base) ? `project-${base}` : base;
}

/**
 * The next free slug for `base` within one company: base, base-2, base-3... Per company, because
 * a slug taken across companies ("website-redesign-2") told a customer another company's project
 * names. A concurrent insert can still take it first, so callers insert with ON CONFLICT DO
 * NOTHING and ask again.
 */
export async function nextFreeSlug(db: Database, companyId: string, base: string): Promise<string> {
  // `base` holds only [a-z0-9-], so it needs no escaping inside the pattern.
  const rows = await db
    .select({ slug: projects.slug })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), sql`${projects.slug} ~ ${`^${base}(-[0-9]+)?$`}`));
  let highest = 0;
  for (const { slug } of rows) {
    const suffix = slug === base ? 1 : Number(slug.slice(base.length + 1));
    if (Number.isSafeInteger(suffix)) highest = Math.max(highest, suffix);
  }
  return highest === 0 ? base : `${base}-${highest + 1}`;
}
