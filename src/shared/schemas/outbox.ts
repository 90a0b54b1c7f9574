import { z } from "zod";
import { mailStatuses } from "../enums";
import { pageOf, pageQuerySchema } from "./pagination";
import { instantSchema } from "./records";

/** The admin outbox list: newest first, optionally one status, `q` searches the recipient. */
export const outboxListQuerySchema = pageQuerySchema.extend({ status: z.enum(mailStatuses).optional() });
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

/** One outgoing mail as /admin/outbox shows it (D13). */
export const outboxMailSchema = z.object({
  id: z.uuid(),
  /** The template that made it: `password-reset`, `email-change`… */
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int().min(0),
  /** The SMTP server's answer (or the connection error) of the last failed attempt. */
  lastError: z.string().nullable(),
  /** The plain-text part with every link that carries a secret replaced by "[link removed]"; null for mail queued before this was kept. */
  text: z.string().nullable(),
  createdAt: instantSchema,
  /** When the next attempt is due; only while queued. */
  nextAttemptAt: instantSchema.nullable(),
  /** When it was sent, logged or given up on. */
  finishedAt: instantSchema.nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxPageSchema = pageOf(outboxMailSchema);
