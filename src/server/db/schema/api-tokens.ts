import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { maxLength } from "./limits";
import { profiles } from "./auth";
import { idColumn, partOf, timestamps } from "./columns";

/**
 * Better Auth's API key plugin's table (`apikey`, ADR 030): a person's API tokens. Only the key's
 * SHA-256 is kept (`key`); `start` is its first characters, shown in the list to tell tokens apart.
 * `permissions` holds the scope (`{"api":["read"]}` or `{"api":["read","write"]}`).
 * `last_request` is the list's "last used"; the plugin's own limiter columns (`rate_limit_*`,
 * `request_count`) are unused, its limiter being off (the guard counts per token in `rate_limits`).
 * Removing the person removes their tokens.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: idColumn(),
    configId: text("config_id").notNull().default("default"),
    name: text("name"),
    start: text("start"),
    prefix: text("prefix"),
    key: text("key").notNull().unique(),
    referenceId: partOf("reference_id", () => profiles.id),
    refillInterval: integer("refill_interval"),
    refillAmount: integer("refill_amount"),
    lastRefillAt: timestamp("last_refill_at", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    rateLimitEnabled: boolean("rate_limit_enabled").notNull().default(true),
    rateLimitTimeWindow: integer("rate_limit_time_window"),
    rateLimitMax: integer("rate_limit_max"),
    requestCount: integer("request_count").notNull().default(0),
    remaining: integer("remaining"),
    lastRequest: timestamp("last_request", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    permissions: text("permissions"),
    metadata: text("metadata"),
    ...timestamps(),
  },
  (t) => [
    maxLength("api_tokens_name_length", t.name, 100),
    check("api_tokens_permissions_scope", sql`${t.permissions} IN ('{"api":["read"]}', '{"api":["read","write"]}')`),
    index("api_tokens_reference_id_idx").on(t.referenceId, t.createdAt),
  ],
);
