import { z } from "zod";
import { NO_CONTROL_CHARACTER_PATTERN, NO_DIRECTION_OVERRIDE_PATTERN, textMessages } from "../rules/text";

/* Text inputs as the forms send them; src/web/lib/schemas/text.ts is the web's zod/mini copy. */

/**
 * Every free text: no C0 control character but tab, line feed and carriage return (NUL among
 * them), a 400 naming the field. Added after a schema's own checks, so its first message is theirs;
 * a pattern, so the OpenAPI document shows it.
 */
export const storable = <T extends z.ZodString | z.ZodURL>(text: T): T => text.regex(NO_CONTROL_CHARACTER_PATTERN, textMessages.controlCharacter) as T;

/** `storable`, for a name or title shown inside other text: no bidi override or isolate either (rules/text.ts says why). */
export const storableName = <T extends z.ZodString>(text: T): T => storable(text).regex(NO_DIRECTION_OVERRIDE_PATTERN, textMessages.directionOverride) as T;

/** A required name or title: trimmed, not empty, at most `max` long, storable as a name. */
export const requiredText = (required: string, max: number, tooLong: string) => storableName(z.string(required).trim().min(1, required).max(max, tooLong));

/** `text`, with "" (an untouched input), null and a missing value all stored as null. */
export const nullWhenBlank = (text: z.ZodString) => text.nullish().transform((value) => (value ? value : null));

/** An optional text input (a description): trimmed, at most `max` long, storable; "" and null become null. */
export const optionalText = (tooLong: string, max: number) => nullWhenBlank(storable(z.string().trim().max(max, tooLong)));
