import type { Actor, SystemActor } from "@/server/actor";
import type { ChangeRecorder } from "@/server/changes/change";
import type { Database } from "@/server/db/client";
import type { MailOutbox } from "@/server/mail/outbox";
import type { Logger } from "@/server/observability/logger";
import type { PorticoEvent } from "@/server/realtime/event-bus";
import type { FileStore } from "./files/store/file-store";
import type { PaymentProvider } from "./payments/provider";
import type { Brand } from "./settings/brand";

/**
 * What every service function gets as its first argument: `fn(ctx, input)`: who is calling, and
 * every dependency of the process a service uses (database, file store, logger, auth, settings,
 * clock, mail, announcements). A service's input carries only what the caller asks for, never one
 * of these (lint/portico-rules.js, service-signature). Built per request from the process's
 * AppDeps by http/service-context.ts; tests build it with server/test/service-context.ts.
 */
export interface ServiceContext {
  db: Database;
  /** Who is calling: services scope their SQL by it and ask `can` before acting. */
  actor: Actor;
  /**
   * Announces again a write that is already committed (a retry that finds its write stored, an
   * idempotent replay): `await ctx.announce(ctx.db, event)`. A write announces itself through
   * `ctx.record(tx, { announce })` instead, inside its transaction (ADR 038, 040): heard when that
   * transaction commits, never when it rolls back. Rejects when the NOTIFY fails.
   */
  announce(tx: Database, event: PorticoEvent): Promise<void>;
  /**
   * Records what a write changed, once (ADR 040): `await ctx.record(tx, change)` inside the
   * write's transaction. The listeners registered at start-up (changes/listeners.ts) write its
   * history, notifications, webhook deliveries and audit entries and announce it, all in `tx`.
   */
  record: ChangeRecorder;
  /**
   * Queues mail: `await ctx.mail.enqueue(tx, { template, to, props })` inside the transaction of
   * the write that causes it, so the mail exists exactly when the write does (ADR 013).
   */
  mail: MailOutbox;
  /** The installation's billing settings (CURRENCY, TIME_ZONE in env.ts). */
  billing: BillingSettings;
  /** The rest of what services read from env.ts. */
  settings: ServiceSettings;
  /** Where uploaded and generated files' bytes go (FILE_STORE, ADR 022); their rows are in `db`. */
  store: FileStore;
  /** The process's logger; inside a request, the request's (its lines carry the request id). */
  log: Logger;
  /** The calls services make to Better Auth (auth.ts), whose plugins own the tokens they make. */
  auth: AuthPort;
  /**
   * Drops this process's cached sessions of a user whose role, membership or account a write just
   * changed: called after the write's transaction commits, so that user's very next request here
   * is resolved afresh. The tables' triggers tell every process as well (ADR 010), a moment later:
   * without this, a removed member's request could outrun the notice.
   */
  forgetActor(userId: string): void;
  /**
   * The online payment provider (PAYMENTS, ADR 043), or null when online payment is off: the
   * checkout route then answers 404 and no invoice offers to be paid online.
   */
  payments: PaymentProvider | null;
  /** The brand name in use (site settings, else BRAND_NAME): printed on generated PDFs. */
  brand: Pick<Brand, "name">;
  /** Business time: when an invoice is issued, what "today" is. Tests may stop or move it. */
  clock: Clock;
  /**
   * Present while `db` is a transaction its caller commits after the service returns (an
   * idempotent create, http/idempotency.ts): work that must not run inside it (a generated PDF
   * goes to the file store, whose connection the open transaction would wait on) is handed here and
   * runs after the commit, with the committed context. Absent otherwise: the service does it now.
   */
  deferUntilCommit?: (task: (committed: ServiceContext) => Promise<unknown>) => void;
  /** Where the request came from, for the audit log (ADR 027); absent outside a request (scripts, tests). */
  client?: RequestClient;
}

/**
 * A ServiceContext whose caller may be no user: a payment provider's webhook acts as a SystemActor
 * (actor.ts), and the payment ledger it writes through takes `ActingContext<Actor | SystemActor>`.
 * `ActingContext<Actor>` is a ServiceContext.
 */
export type ActingContext<A extends Actor | SystemActor> = Omit<ServiceContext, "actor"> & { actor: A };

export interface RequestClient {
  /** The address http/security.ts's clientIp derives (the socket, or behind TRUSTED_PROXIES the forwarded one). */
  ip: string;
  userAgent: string | null;
  /**
   * Why a staff member opens a company's record (the `Access-Reason` header, decoded), when the
   * installation asks for one (REQUIRE_ACCESS_REASON, ADR 050); null when none was sent.
   */
  accessReason?: string | null;
}

export interface BillingSettings {
  /** ISO 4217 code of every amount. */
  currency: string;
  /** IANA zone whose calendar decides the day an invoice becomes overdue. */
  timeZone: string;
  /** The hourly rate of tracked time where the project has none (DEFAULT_HOURLY_RATE), or null. */
  defaultHourlyRate: string | null;
}

export interface ServiceSettings {
  webhooks: WebhookSettings;
  /** The largest upload accepted, in MB (MAX_UPLOAD_MB). */
  maxUploadMb: number;
  /** Where the portal is reached (BASE_URL): for links that leave it and come back, such as a checkout's return. */
  baseUrl: string;
  /** Seals and opens company identity providers' client secrets (AUTH_SECRET, under a label of their own; ADR 051). */
  singleSignOn: { authSecret: string };
  /** Mail in (ADR 044), or null when INBOUND_DOMAIN is unset. */
  inbound: InboundSettings | null;
  /** REQUIRE_ACCESS_REASON (ADR 050): staff give a reason the first time in a day they open a company's record. */
  requireAccessReason: boolean;
}

/** What receiving mail needs of the installation's settings. */
export interface InboundSettings {
  /** The domain Portico receives at (INBOUND_DOMAIN). */
  domain: string;
  /** The support address's local part (INBOUND_SUPPORT_LOCAL_PART): mail to it opens a ticket. */
  supportLocalPart: string;
  /** Signs and reads the reply addresses (AUTH_SECRET, under a label of their own). */
  authSecret: string;
  /** The domain of the Message-IDs Portico's own mails carry (BASE_URL's host): a mail with one is a loop. */
  messageIdDomain: string;
}

/** What registering a webhook needs of the installation's settings. */
export interface WebhookSettings {
  /** Seals each endpoint's signing secret at rest (AUTH_SECRET). */
  authSecret: string;
  /** Whether a private or internal address may be registered (WEBHOOK_ALLOW_PRIVATE, tests and intranets). */
  allowPrivate: boolean;
}

export interface Clock {
  now(): Date;
}

/**
 * Better Auth as services use it: a port rather than the `Auth` type, so that a service (and this
 * file, which every module imports) does not depend on auth.ts and everything it imports.
 */
export interface AuthPort {
  /** Better Auth's own "Forgot password" for this address: the same token, page and expiry, queued as mail. */
  requestPasswordReset(email: string): Promise<void>;
  /** Better Auth's API key plugin makes the token (random, hashed, stored) for `userId`. */
  createApiKey(request: ApiKeyRequest): Promise<MadeApiKey>;
}

export interface ApiKeyRequest {
  userId: string;
  name: string;
  /** Seconds until it expires; null for never. */
  expiresIn: number | null;
  permissions: Record<string, string[]>;
}

export interface MadeApiKey {
  id: string;
  /** The token itself, shown once. */
  key: string;
  /** Its first characters, kept to recognise it by. */
  start: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}
