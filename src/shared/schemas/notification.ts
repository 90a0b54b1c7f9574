import { z } from "zod";
import { storable } from "./text";
import {
  NOTIFICATION_PAGE_DEFAULT,
  NOTIFICATION_PAGE_MAX,
  mailDeliveries,
  notificationKinds,
  notificationSubjects,
} from "../rules/notifications";
import { cursorPageOf, keysetCursorSchema } from "./pagination";
import { instantSchema } from "./records";

export const notificationQuerySchema = z.object({
  cursor: keysetCursorSchema,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_PAGE_MAX)
    .default(NOTIFICATION_PAGE_DEFAULT),
  /** Only the ones not read yet. */
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

/** One thing that happened, for one recipient (ADR 029). */
export const notificationSchema = z.object({
  /** Increasing; a string, since the column is a bigint. */
  id: z.string(),
  kind: z.enum(notificationKinds),
  createdAt: instantSchema,
  readAt: instantSchema.nullable(),
  companyId: z.uuid(),
  /** The record, as it is called now (the company's name for a conversation); `slug` for a project. */
  subject: z.object({
    type: z.enum(notificationSubjects),
    id: z.uuid(),
    label: z.string(),
    slug: z.string().nullable(),
  }),
  /** Who acted, as they were called then. */
  actorName: z.string().nullable(),
  /** A status change: the field and its values as stored (shared/rules/activity.ts words them); a payment's amount in `to`. */
  field: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The first characters of a message or comment; a new member's name; a paying company's name. */
  excerpt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = cursorPageOf(notificationSchema).extend({
  /** ISO 4217 code of the payments' amounts (CURRENCY). */
  currency: z.string(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** What the header shows: the bell's count, the nav items' dots, and the chat's unread messages. */
export const unreadCountsSchema = z.object({
  /** Unread notifications, all kinds. */
  total: z.number().int().min(0),
  /** Unread notifications by the nav item they belong to. */
  areas: z.object({
    messages: z.number().int().min(0),
    tickets: z.number().int().min(0),
    projects: z.number().int().min(0),
    invoices: z.number().int().min(0),
    quotes: z.number().int().min(0),
    company: z.number().int().min(0),
  }),
  /**
   * Unread chat messages from the other side: for a customer, the team's messages to their company;
   * for an admin, customers' messages across companies (the sum of the inbox cards' counts).
   */
  chat: z.number().int().min(0),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/** Marks read: the listed ones, every one about a record, or all. */
export const markNotificationsReadSchema = z.union([
  z
    .object({
      ids: z
        .array(z.string().regex(/^\d{1,19}$/, "Not a notification id"))
        .min(1)
        .max(NOTIFICATION_PAGE_MAX),
    })
    .strict(),
  z
    .object({
      subject: z
        .object({ type: z.enum(notificationSubjects), id: z.uuid() })
        .strict(),
    })
    .strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;
/** How many were unread and are read now. */
export const markNotificationsReadResultSchema = z.object({
  updated: z.number().int().min(0),
});

export const notificationPreferenceSchema = z.object({
  kind: z.enum(notificationKinds),
  delivery: z.enum(mailDeliveries),
});
/** The kinds the user can receive (by role and assignment), each with its delivery. */
export const notificationPreferencesSchema = z.object({
  items: z.array(notificationPreferenceSchema),
});
export type NotificationPreferences = z.infer<
  typeof notificationPreferencesSchema
>;

export const updateNotificationPreferencesSchema = z
  .object({
    items: z
      .array(notificationPreferenceSchema)
      .min(1)
      .max(notificationKinds.length),
  })
  .strict();
export type UpdateNotificationPreferences = z.infer<
  typeof updateNotificationPreferencesSchema
>;

/** The signed token of a mail's unsubscribe link (no session needed). */
export const unsubscribeQuerySchema = z.object({
  token: storable(z.string().min(1).max(500)),
});
export const unsubscribeInfoSchema = z.object({
  kind: z.enum(notificationKinds),
  label: z.string(),
  delivery: z.enum(mailDeliveries),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
