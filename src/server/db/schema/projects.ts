import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgEnum, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { projectStatuses } from "@/shared/enums";
import { idColumn, timestamps } from "./columns";
import { maxLength, notBlank } from "./limits";
import { companyIdColumn, personColumn } from "./references";
import { commentColumns, threadRules } from "./threads";
import { wordsOf } from "../full-text";

// Admin searches are substring matches (ILIKE %q%): trigram GIN indexes serve them (pg_trgm).
export const projectStatus = pgEnum("project_status", projectStatuses);

export const projects = pgTable(
  "projects",
  {
    id: idColumn(),
    // Unique per company, not globally: a global rule told one company the names of another's projects.
    slug: text("slug").notNull(),
    companyId: companyIdColumn("cascade"),
    name: text("name").notNull(),
    description: text("description"),
    status: projectStatus("status").notNull().default("active"),
    startDate: date("start_date"),
    endDate: date("end_date"),
    // An admin who leaves must not take the project with them.
    assignedTo: personColumn("assigned_to"),
    /**
     * The company's inbox for mail (ADR 044): support mail opens its tickets here. A flag on the
     * project, not a column of the company naming one, so the two tables never refer to each other.
     */
    isInbox: boolean("is_inbox").notNull().default(false),
    /** Time logged on the project is billed at this hourly rate unless its entry names one (ADR 047); null: DEFAULT_HOURLY_RATE. */
    hourlyRate: numeric("hourly_rate", { precision: 12, scale: 2 }),
    /** The hours agreed a month, shown to the customer beside the hours logged; null for none. */
    monthlyHoursBudget: integer("monthly_hours_budget"),
    ...timestamps(),
  },
  (t) => [
    notBlank("projects_name_not_blank", t.name),
    maxLength("projects_name_length", t.name, 200),
    maxLength("projects_description_length", t.description, 10_000),
    maxLength("projects_slug_length", t.slug, 100),
    uniqueIndex("projects_company_id_slug_unique").on(t.companyId, t.slug),
    // An admin may open a project by slug without naming its company.
    index("projects_slug_idx").on(t.slug),
    check(
      "projects_dates_ordered",
      sql`${t.endDate} IS NULL OR ${t.startDate} IS NULL OR ${t.endDate} >= ${t.startDate}`,
    ),
    // Target of the tickets (project_id, company_id) foreign key, which keeps a ticket's
    // denormalised company id equal to its project's.
    unique("projects_id_company_id_unique").on(t.id, t.companyId),
    index("projects_company_id_created_at_idx").on(t.companyId, t.createdAt.desc().nullsFirst()),
    index("projects_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id),
    index("projects_assigned_to_idx").on(t.assignedTo),
    index("projects_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // The command palette's word search (db/full-text.ts, ADR 046).
    index("projects_name_words_idx").using("gin", wordsOf(t.name)),
    // One inbox a company at most.
    uniqueIndex("projects_one_inbox_per_company").on(t.companyId).where(sql`${t.isInbox}`),
    check("projects_hourly_rate_not_negative", sql`${t.hourlyRate} >= 0`),
    check("projects_monthly_hours_budget_range", sql`${t.monthlyHoursBudget} BETWEEN 1 AND 744`),
  ],
);

export const projectComments = pgTable(
  "project_comments",
  { id: idColumn(), projectId: uuid("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }), ...commentColumns() },
  (t) => threadRules("project_comments", { parent: t.projectId, author: t.userId, content: t.content, createdAt: t.createdAt }),
);
