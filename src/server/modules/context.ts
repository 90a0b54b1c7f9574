import type { Actor } from "@/server/actor";
import type { Database } from "@/server/db/client";
import type { MailOutbox } from "@/server/mail/outbox";
import type { PorticoEvent } from "@/server/realtime/event-bus";

/**
 * What every service function gets as its first argument: `fn(ctx, input)`. Built once per
 * request by the route layer (http/service-context.ts), or by a test or script directly.
 */
export interface ServiceContext {
  db: Database;
  /** Who is calling: services scope their SQL by it and ask `can` before acting. */
  actor: Actor;
  /**
   * Announces a committed change to every process's event streams. Services call it after their
   * write, never inside a transaction, so nobody hears of a rolled-back change. Never rejects.
   */
  publish(event: PorticoEvent): Promise<void>;
  /**
   * Queues mail: `await ctx.mail.enqueue(tx, { template, to, props })` inside the transaction of
   * the write that causes it, so the mail exists exactly when the write does (ADR 013).
   */
  mail: MailOutbox;
  /** The installation's billing settings (CURRENCY, TIME_ZONE in env.ts). */
  billing: BillingSettings;
  /** Where the request came from, for the audit log (ADR 027); absent outside a request (scripts, tests). */
  client?: RequestClient;
}

export interface RequestClient {
  /** The address http/security.ts's clientIp derives (the socket, or behind TRUSTED_PROXIES the forwarded one). */
  ip: string;
  userAgent: string | null;
}

export interface BillingSettings {
  /** ISO 4217 code of every amount. */
  currency: string;
  /** IANA zone whose calendar decides the day an invoice becomes overdue. */
  timeZone: string;
}
