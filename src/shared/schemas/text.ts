import { z } from "zod";

/* Text inputs as the forms send them; src/web/lib/schemas/text.ts is the web's zod/mini copy. */

/** A required text input: trimmed, not empty, at most `max` long. */
export const requiredText = (required: string, max: number, tooLong: string) => z.string(required).trim().min(1, required).max(max, tooLong);

/** `text`, with "" (an untouched input), null and a missing value all stored as null. */
export const nullWhenBlank = (text: z.ZodString) => text.nullish().transform((value) => (value ? value : null));

/** An optional text input: trimmed, at most `max` long; "" and null become null. */
export const optionalText = (tooLong: string, max: number) => nullWhenBlank(z.string().trim().max(max, tooLong));
