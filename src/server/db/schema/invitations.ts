import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { companies, companyRole } from "./companies";
import { maxLength } from "./limits";
import { createdAtColumn, idColumn } from "./columns";

/**
 * Invitations (ADR 015): to join a company (`company_id` and `company_role` set) or the
 * provider's team (both null: an admin invitation). The link's token is 32 random bytes; only its
 * SHA-256 is stored, so a database dump lets nobody in. An invitation is pending until it is
 * accepted or revoked; it works until `expires_at`, and a resend replaces token and expiry.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: idColumn(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    companyRole: companyRole("company_role"),
    /** Lower-cased, as profiles store addresses. */
    email: text("email").notNull(),
    invitedBy: uuid("invited_by").references(() => profiles.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => profiles.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    maxLength("invitations_email_length", t.email, 254),
    check("invitations_role_with_company", sql`(${t.companyId} IS NULL) = (${t.companyRole} IS NULL)`),
    // One pending invitation per address and company (or per address to the provider's team): a
    // second answers 409, and a resend is how a lost mail is sent again.
    uniqueIndex("invitations_pending_company_email_unique")
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL AND ${t.companyId} IS NOT NULL`),
    uniqueIndex("invitations_pending_admin_email_unique")
      .on(t.email)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL AND ${t.companyId} IS NULL`),
    index("invitations_company_id_idx").on(t.companyId),
  ],
);
