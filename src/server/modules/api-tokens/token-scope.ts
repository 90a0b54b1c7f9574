import type { ApiTokenScope } from "@/shared/rules/api-token";

/**
 * A token's scope as Better Auth's API key plugin keeps it, in `permissions` (db/schema/api-tokens.ts):
 * `{"api":["read"]}` or `{"api":["read","write"]}`. The plugin answers it parsed; a row read
 * straight from the table holds the JSON text.
 */
export const permissionsOfScope = (scope: ApiTokenScope) => ({ api: scope === "read" ? ["read"] : ["read", "write"] });

export function scopeOfPermissions(permissions: Record<string, string[]> | string | null | undefined): ApiTokenScope {
  const parsed = typeof permissions === "string" ? (JSON.parse(permissions) as Record<string, string[]>) : permissions;
  return parsed?.api?.includes("write") ? "read-write" : "read";
}
