import { eq } from "drizzle-orm";
import { isLocale, type Locale } from "@/shared/locales";
import type { LocaleChoice, Me } from "@/shared/schemas/me";
import { companies, profiles } from "@/server/db/schema";
import type { ServiceContext } from "../context";

/** The caller as the web app shows them: the actor plus their company's name. */
export async function findMe({ db, actor }: ServiceContext, { mustEnrolTwoFactor }: { mustEnrolTwoFactor: boolean }): Promise<Me> {
  const [[company], [profile]] = await Promise.all([
    actor.companyId ? db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, actor.companyId)) : [],
    db.select({ locale: profiles.locale }).from(profiles).where(eq(profiles.id, actor.userId)),
  ]);
  return {
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    role: actor.role,
    company: company && actor.companyRole ? { ...company, role: actor.companyRole } : null,
    twoFactor: { enabled: actor.twoFactorEnabled, required: mustEnrolTwoFactor },
    locale: isLocale(profile?.locale) ? profile.locale : null,
  };
}

/** The caller's own language choice; null goes back to following their browser. */
export async function chooseLocale({ db, actor }: ServiceContext, { locale }: LocaleChoice): Promise<{ locale: Locale | null }> {
  await db.update(profiles).set({ locale, updatedAt: new Date() }).where(eq(profiles.id, actor.userId));
  return { locale };
}
