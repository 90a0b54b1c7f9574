/**
 * PostgreSQL error codes (SQLSTATE) the server reacts to, read the same way for both drivers:
 * Drizzle wraps the driver's error and keeps it as `cause`.
 */
export const PG = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  checkViolation: "23514",
} as const;

/** The SQLSTATE of a database error (wrapped or not), or undefined for anything else. */
export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === PG.uniqueViolation;
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === PG.foreignKeyViolation;
