import { z } from "zod";

/**
 * The one address check of every email field: zod's pattern, which is stricter than JSON Schema's
 * `format: email` (no `!` or `%` before the @, letters only in the top-level domain). The check and
 * the OpenAPI document read the same constant, so a program that validates against the document
 * refuses what the server would (ADR 018, amended).
 */
export const EMAIL_PATTERN = z.regexes.email;

/** An email address field: the check, and its pattern published beside `format: email`. */
export const emailAddress = (error: string) => z.email({ pattern: EMAIL_PATTERN, error }).meta({ pattern: EMAIL_PATTERN.source });

/** An optional address as a form sends it: blank, or an address (the same pattern, or nothing). */
export const BLANK_OR_EMAIL_PATTERN = new RegExp(`^$|${EMAIL_PATTERN.source}`);
