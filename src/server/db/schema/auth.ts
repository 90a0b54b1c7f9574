
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { maxLength } from "./limits";
import { idColumn, partOf, timestamps } from "./columns";

/** Better Auth's user table; the spec calls it "profile" and names the display name full_name. */
export const profiles = pgTable(
  "profiles",
  {
    id: idColumn(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** Better Auth's two-factor plugin keeps it: true once a TOTP enrolment is confirmed. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /**
     * Set by an admin: the account cannot sign in and its sessions are gone (trigger, 0011), while
     * everything it wrote stays. Null is active.
     */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    /** The last time a session was made for the account (sign-in, sign-up): the admin Users list shows it. */
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }),
    /** The language the user picked on the account page (ADR 032); null follows their browser. */
    locale: text("locale"),
    /**
     * The language their browser asked for (Accept-Language) when they last signed in or up: what
     * mail to them is written in until they pick one.
     */
    browserLocale: text("browser_locale"),
    ...timestamps(),
  },
  (t) => [
    maxLength("profiles_full_name_length", t.fullName, 200),
    maxLength("profiles_email_length", t.email, 254),
    check("profiles_locale_known", sql`${t.locale} IS NULL OR ${t.locale} IN ('en', 'de')`),
    check("profiles_browser_locale_known", sql`${t.browserLocale} IS NULL OR ${t.browserLocale} IN ('en', 'de')`),
    // No screen sets an avatar; should one ever, only an https address fits here.
    check("profiles_image_https", sql`${t.image} IS NULL OR (char_length(${t.image}) <= 2048 AND ${t.image} ~ '^https://')`),
    // The admin Users list (ADR 020): newest first, and a substring search on name or address.
    index("profiles_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id),
    // The Users list searches name and address as one text: one trigram index the planner trusts
    // (two, OR-ed, were costed above a full scan and lost to it at 100,000 accounts: 88 ms against 3 ms).
    index("profiles_search_trgm_idx").using("gin", sql`(${t.fullName} || ' ' || ${t.email}) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: idColumn(),
    token: text("token").notNull().unique(),
    userId: partOf("user_id", () => profiles.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: idColumn(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: partOf("user_id", () => profiles.id),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: idColumn(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Better Auth's rate-limit counters, in the database so every server process shares them. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    id: idColumn(),
    key: text("key").notNull().unique(),
    count: integer("count").notNull(),
    lastRequest: bigint("last_request", { mode: "number" }).notNull(),
  },
  (t) => [index("rate_limits_last_request_idx").on(t.lastRequest)],
);


/**
 * Better Auth's two-factor plugin: one row per user with a TOTP secret and the backup codes, both
 * encrypted with AUTH_SECRET by the plugin. `failed_verification_count` and `locked_until` are the
 * plugin's own lockout after repeated wrong codes.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: idColumn(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: partOf("user_id", () => profiles.id),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * Ours, not the plugin's: the time step (Unix time / 30 s) of the last app code accepted, at
     * enrolment or since. A code of that step or an earlier one is refused (two-factor.ts).
     */
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);
