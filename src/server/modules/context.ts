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
   * Announces a change to every process's event streams as part of the write (ADR 038):
   * `await ctx.announce(tx, event)` inside the transaction that makes the change. It is heard
   * when that transaction commits, never when it rolls back, and a process that dies after the
   * commit cannot lose it. Given `ctx.db` it announces on its own: only for a change already
   * committed (a retry that finds its write stored). Rejects when the NOTIFY fails, which fails
   * the transaction: no write commits unannounced.
   */
  announce(tx: Database, event: PorticoEvent): Promise<void>;
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
