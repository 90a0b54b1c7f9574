import { eq, sql } from "drizzle-orm";
import { isLocale, type Locale } from "@/shared/locales";
import type { LocaleChoice, Me } from "@/shared/schemas/me";
import { prepared } from "@/server/db/prepared";
import { companies, profiles } from "@/server/db/schema";
import type { ServiceContext } from "../context";

/**
 * The caller as the web app shows them: the actor plus their company's name and their language,
 * in one prepared statement. /api/me is the cheapest request there is, so a second round trip or a
 * statement built per request is most of its cost (issue 21).
 */
export async function findMe({ db, actor }: ServiceContext, { mustEnrolTwoFactor }: { mustEnrolTwoFactor: boolean }): Promise<Me> {
  const statement = prepared(db, "me", (name) =>
    db
      .select({ locale: profiles.locale, company: { id: companies.id, name: companies.name } })
      .from(profiles)
      .leftJoin(companies, eq(companies.id, sql.placeholder("companyId")))
      .where(eq(profiles.id, sql.placeholder("userId")))
      .prepare(name),
  );
  const [row] = await statement.execute({ userId: actor.userId, companyId: actor.companyId });
  const company = row?.company;
  return {
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    role: actor.role,
    company: company && actor.companyRole ? { ...company, role: actor.companyRole } : null,
    twoFactor: { enabled: actor.twoFactorEnabled, required: mustEnrolTwoFactor },
    locale: isLocale(row?.locale) ? row.locale : null,
  };
}

/** The caller's own language choice; null goes back to following their browser. */
export async function chooseLocale({ db, actor }: ServiceContext, { locale }: LocaleChoice): Promise<{ locale: Locale | null }> {
  await db.update(profiles).set({ locale, updatedAt: new Date() }).where(eq(profiles.id, actor.userId));
  return { locale };
}
