import { eq } from "drizzle-orm";
import { defaultLocale, isLocale, type Locale } from "@/shared/locales";
import type { Database } from "../db/client";
import { profiles } from "../db/schema";

/** The columns of `profiles` that decide a user's mail language, for a query that reads the profile anyway. */
export const mailLocaleColumns = { locale: profiles.locale, browserLocale: profiles.browserLocale };

/**
 * The language of mail to a user (ADR 032): the one they picked on the account page, else the one
 * their browser asked for when they last signed in, else English.
 */
export const mailLocale = (profile: { locale: string | null; browserLocale: string | null } | undefined): Locale =>
  isLocale(profile?.locale) ? profile.locale : isLocale(profile?.browserLocale) ? profile.browserLocale : defaultLocale;

/** The language of mail to the user `userId` (English for an account that is gone). */
export async function mailLocaleOf(db: Database, userId: string): Promise<Locale> {
  const [profile] = await db.select(mailLocaleColumns).from(profiles).where(eq(profiles.id, userId));
  return mailLocale(profile);
}
