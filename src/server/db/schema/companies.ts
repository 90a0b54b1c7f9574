import { sql } from "drizzle-orm";
import { boolean, check, index, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { companyRoles, roles } from "@/shared/enums";
import { profiles } from "./auth";
import { maxLength } from "./limits";
import { idColumn, createdAtColumn, timestamps } from "./columns";
import { wordsOf } from "../full-text";

export const appRole = pgEnum("app_role", roles);
export const companyRole = pgEnum("company_role", companyRoles);

/** No row means customer (spec section 6: admin is "a role record of value admin"). */
export const userRoles = pgTable("user_roles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  role: appRole("role").notNull(),
  createdAt: createdAtColumn(),
});

export const companies = pgTable(
  "companies",
  {
    id: idColumn(),
    name: text("name").notNull(),
    contactName: text("contact_name"),
    contactEmail: text("contact_email"),
    phone: text("phone"),
    address: text("address"),
    ...timestamps(),
  },
  (t) => [
    check("companies_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    maxLength("companies_name_length", t.name, 200),
    maxLength("companies_contact_name_length", t.contactName, 200),
    maxLength("companies_contact_email_length", t.contactEmail, 254),
    maxLength("companies_phone_length", t.phone, 50),
    maxLength("companies_address_length", t.address, 1000),
    index("companies_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id),
    index("companies_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // The command palette's word search (db/full-text.ts, ADR 046).
    index("companies_name_words_idx").using("gin", wordsOf(t.name)),
  ],
);

/**
 * A company has many members; a user belongs to at most one company (ADR 015, superseding D3's
 * one user per company): the user id is the primary key. The owner manages the team.
 */
export const companyUsers = pgTable(
  "company_users",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: companyRole("role").notNull().default("member"),
    /** A member an owner allows to accept or decline the company's quotes (ADR 049); owners always may. */
    answersQuotes: boolean("answers_quotes").notNull().default(false),
    /** A member an owner allows to read the company's access log (ADR 050); owners always may. */
    readsAccessLog: boolean("reads_access_log").notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [index("company_users_company_id_idx").on(t.companyId)],
);
