import { sql } from "drizzle-orm";
import { boolean, foreignKey, index, integer, pgEnum, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { ticketPriorities, ticketStatuses } from "@/shared/enums";
import { idColumn, timestamps } from "./columns";
import { maxLength, notBlank } from "./limits";
import { projects } from "./projects";
import { companyIdColumn, personColumn } from "./references";
import { commentColumns, threadRules } from "./threads";
import { wordsOf } from "../full-text";

// Sorted indexes are DESC NULLS FIRST: that is what ORDER BY … DESC means in Postgres, and an
// index with the other null order is not used for it (a 400 ms sort over a million rows instead).
export const ticketStatus = pgEnum("ticket_status", ticketStatuses);
export const ticketPriority = pgEnum("ticket_priority", ticketPriorities);

export const tickets = pgTable(
  "tickets",
  {
    id: idColumn(),
    /** The short number people quote ("#142"): one sequence for all companies, never reused. */
    number: integer("number").notNull().generatedByDefaultAsIdentity(),
    projectId: uuid("project_id").notNull(),
    // Denormalised from the project so company-scoped lists are one indexed range scan; the
    // composite foreign key below keeps it equal to the project's company.
    companyId: companyIdColumn("cascade"),
    title: text("title").notNull(),
    description: text("description"),
    status: ticketStatus("status").notNull().default("pending"),
    priority: ticketPriority("priority").notNull().default("medium"),
    createdBy: personColumn("created_by"),
    /** The team member handling it; a new ticket takes its project's. */
    assignedTo: personColumn("assigned_to"),
    /** When a team member first opened it: null is the admin overview's "new, not yet looked at". */
    seenByTeamAt: timestamp("seen_by_team_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    foreignKey({
      name: "tickets_project_company_fk",
      columns: [t.projectId, t.companyId],
      foreignColumns: [projects.id, projects.companyId],
    })
      .onDelete("cascade")
      .onUpdate("cascade"),
    unique("tickets_number_unique").on(t.number),
    notBlank("tickets_title_not_blank", t.title),
    maxLength("tickets_title_length", t.title, 200),
    maxLength("tickets_description_length", t.description, 10_000),
    index("tickets_project_id_created_at_idx").on(t.projectId, t.createdAt.desc().nullsFirst()),
    index("tickets_company_id_created_at_idx").on(t.companyId, t.createdAt.desc().nullsFirst()),
    index("tickets_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id),
    index("tickets_created_by_idx").on(t.createdBy),
    index("tickets_assigned_to_idx").on(t.assignedTo),
    // The admin overview's queue of tickets no team member has opened yet, most pressing first
    // (priority, then the longest waiting): small, read often, its first entries are the answer.
    index("tickets_unseen_priority_created_at_idx")
      .on(t.priority.desc().nullsFirst(), t.createdAt.asc(), t.id.asc())
      .where(sql`${t.seenByTeamAt} IS NULL`),
    index("tickets_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    // The command palette's word search (db/full-text.ts, ADR 046).
    index("tickets_title_words_idx").using("gin", wordsOf(t.title)),
    index("tickets_status_created_at_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    // A column of a customer's board, a page at a time at any depth, and its exact count (index
    // only): without it a deep page of a long history was planned as a bitmap AND with the
    // global status index, 100 ms at 10,000 tickets in one company.
    index("tickets_company_id_status_created_at_idx").on(t.companyId, t.status, t.createdAt.desc().nullsFirst(), t.id),
  ],
);

export const ticketComments = pgTable(
  "ticket_comments",
  {
    id: idColumn(),
    ticketId: uuid("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
    ...commentColumns(),
    // A note the provider's team keeps to itself: no customer reads it, hears of it or counts it.
    internal: boolean("internal").notNull().default(false),
  },
  (t) => threadRules("ticket_comments", { parent: t.ticketId, author: t.userId, content: t.content, createdAt: t.createdAt }),
);
