import { z } from "zod";
import { ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX, activityKinds, activitySubjects } from "../rules/activity";
import { instantSchema } from "./records";
import { cursorPageOf, keysetCursorSchema } from "./pagination";

export const activityQuerySchema = z.object({
  cursor: keysetCursorSchema,
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(ACTIVITY_PAGE_DEFAULT),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** One thing that happened to a project, ticket or invoice (ADR 028). */
export const activityEntrySchema = z.object({
  /** Increasing; a string, since the column is a bigint. */
  id: z.string(),
  at: instantSchema,
  kind: z.enum(activityKinds),
  /** The record, as it is called now; `slug` for a project (the customer's links use it). */
  subject: z.object({ type: z.enum(activitySubjects), id: z.uuid(), label: z.string(), slug: z.string().nullable() }),
  /** Who did it, as they were called then; `id` is null once their account is gone. */
  actor: z.object({ id: z.uuid().nullable(), name: z.string().nullable() }),
  /** For `changed`: which field (shared/rules/activity.ts). */
  field: z.string().nullable(),
  /** Before and after as stored (a status code, a date, an amount); null when not kept. For `attached`, `to` is the file's name. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = cursorPageOf(activityEntrySchema).extend({
  /** ISO 4217 code of the amounts in invoice entries (CURRENCY). */
  currency: z.string(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
