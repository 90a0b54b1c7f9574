import { z } from "zod";
import { projectStatuses, ticketPriorities, type ProjectStatus, type TicketStatus } from "../enums";
import { invoiceBalanceSchema } from "./invoice";
import { instantSchema, namedRecordSchema } from "./records";

/*
 * The two overview pages (ADR 035): a company at a glance (the customer's /dashboard) and the
 * team's work queue (the admin's /admin). Each is one request; every number is counted by the
 * server, in the caller's scope, and every list is capped at a few rows with its count beside it.
 */

/** How many rows each list of an overview carries; its count says how many there are in all. */
export const OVERVIEW_LIST_MAX = 5;

const count = z.number().int().min(0);

/**
 * A count that stops at 10,000 (as the admin lists' totals do): `exact` is false beyond, and
 * `count` is then a lower bound. It keeps the work queue's cost flat however large the tables grow.
 */
export const cappedCountSchema = z.object({ count, exact: z.boolean() });
export type CappedOverviewCount = z.infer<typeof cappedCountSchema>;

/** Up to OVERVIEW_LIST_MAX rows of a list, and how many the whole list has. */
const listOf = <T extends z.ZodType>(item: T) => z.object({ total: count, items: z.array(item) });
/** The same, counted up to the cap (the work queue's lists run across every company). */
const cappedListOf = <T extends z.ZodType>(item: T) => z.object({ total: cappedCountSchema, items: z.array(item) });

export const companyOverviewQuerySchema = z.object({
  // Admins only (required for them); a customer's overview is always their own company's.
  companyId: z.uuid().optional(),
});
export type CompanyOverviewQuery = z.infer<typeof companyOverviewQuerySchema>;

/** A ticket as an overview row names it: "#142 Login fails". */
const ticketRefSchema = z.object({ id: z.uuid(), number: z.number().int().min(1), title: z.string() });

const overdueInvoiceSchema = z.object({
  id: z.uuid(),
  invoiceNumber: z.string(),
  /** Decimal string with two decimals, as on every invoice. */
  amount: z.string(),
  /** What is left to pay of `amount` (ADR 043), a decimal string: a partly paid invoice is owed less. The row shows this, as the balance sums it. */
  amountDue: z.string(),
  dueDate: z.iso.date(),
});

/** A team member's comment on one of the company's tickets. */
const replySchema = z.object({
  id: z.uuid(),
  ticket: ticketRefSchema,
  /** The team member, as they are called now; null when their account is gone. */
  authorName: z.string().nullable(),
  /** The start of the comment (OVERVIEW_EXCERPT_MAX characters). */
  excerpt: z.string(),
  createdAt: instantSchema,
});

/** A message of the team's to the company. */
const teamMessageSchema = z.object({
  id: z.uuid(),
  authorName: z.string().nullable(),
  excerpt: z.string(),
  isRead: z.boolean(),
  createdAt: instantSchema,
});

const overviewProjectSchema = z.object({ id: z.uuid(), slug: z.string(), name: z.string(), status: z.enum(projectStatuses) });

const byTicketStatus = z.object({ pending: count, doing: count, done: count } satisfies Record<TicketStatus, typeof count>);
const byProjectStatus = z.object({ active: count, on_hold: count, completed: count } satisfies Record<ProjectStatus, typeof count>);

/** How many characters of a comment or message an overview row shows. */
export const OVERVIEW_EXCERPT_MAX = 160;

/** GET /overview/company: one company at a glance. */
export const companyOverviewSchema = z.object({
  company: namedRecordSchema,
  /** The company's tickets by status (all of them: a company's are few enough to count exactly). */
  tickets: byTicketStatus,
  /** What the company owes (as GET /invoices/balance answers). */
  balance: invoiceBalanceSchema,
  /** Unpaid and past their due date, the longest overdue first. */
  overdueInvoices: listOf(overdueInvoiceSchema),
  /** The team's latest comments on the company's tickets, newest first. */
  replies: z.object({ items: z.array(replySchema) }),
  /** The team's latest messages to the company, newest first; `unread`: those the company has not read. */
  messages: z.object({ unread: count, items: z.array(teamMessageSchema) }),
  /** Active first, then on hold, then completed; newest first within each. */
  projects: listOf(overviewProjectSchema).extend({ byStatus: byProjectStatus }),
});
export type CompanyOverview = z.infer<typeof companyOverviewSchema>;

const newTicketSchema = ticketRefSchema.extend({
  priority: z.enum(ticketPriorities),
  company: namedRecordSchema,
  createdAt: instantSchema,
});

const unreadConversationSchema = z.object({
  company: namedRecordSchema,
  /** The company's messages no team member has read. */
  unreadCount: count.min(1),
  lastMessageAt: instantSchema,
});

const queueInvoiceSchema = overdueInvoiceSchema.extend({ company: namedRecordSchema });
const queueProjectSchema = overviewProjectSchema.extend({ company: namedRecordSchema });

/** GET /overview/work-queue: what needs the team, across every company (admins). */
export const workQueueSchema = z.object({
  /** Tickets no team member has opened yet, newest first. */
  newTickets: cappedListOf(newTicketSchema),
  /** Conversations with customer messages nobody of the team has read, latest message first. */
  unreadConversations: cappedListOf(unreadConversationSchema),
  /** Unpaid invoices past their due date, the longest overdue first. */
  overdueInvoices: cappedListOf(queueInvoiceSchema),
  /** Every company's tickets by status. */
  tickets: z.object({ pending: cappedCountSchema, doing: cappedCountSchema, done: cappedCountSchema } satisfies Record<TicketStatus, typeof cappedCountSchema>),
  /** Projects not completed that no team member is assigned to, newest first. */
  unassignedProjects: cappedListOf(queueProjectSchema),
  /** ISO 4217 code of every amount (CURRENCY). */
  currency: z.string(),
});
export type WorkQueue = z.infer<typeof workQueueSchema>;
