import { z } from "zod";
import { inboundChannels, inboundDropReasons, inboundPostings } from "../rules/inbound";
import { instantSchema, personSchema } from "./records";

/** One mail Portico received (ADR 044), as the admins' inbound page lists it: posted as what, or dropped and why. */
export const inboundMailSchema = z.object({
  id: z.uuid(),
  channel: z.enum(inboundChannels),
  from: z.string().nullable(),
  /** The address at INBOUND_DOMAIN it was for. */
  recipient: z.string().nullable(),
  subject: z.string(),
  messageId: z.string().nullable(),
  /** Set when posted. */
  posted: z.enum(inboundPostings).nullable(),
  /** Set when dropped. */
  reason: z.enum(inboundDropReasons).nullable(),
  /** The ticket, project or company (a conversation) it was posted to. */
  recordId: z.uuid().nullable(),
  /** Who it was posted as, while their account exists. */
  user: personSchema.nullable(),
  createdAt: instantSchema,
});
export type InboundMail = z.infer<typeof inboundMailSchema>;

/** What receiving one mail came to. */
export const inboundOutcomeSchema = z.object({
  fate: z.enum(["posted", "dropped"]),
  posted: z.enum(inboundPostings).optional(),
  reason: z.enum(inboundDropReasons).optional(),
  recordId: z.uuid().optional(),
});
