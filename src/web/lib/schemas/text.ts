import { NO_CONTROL_CHARACTER_PATTERN, NO_DIRECTION_OVERRIDE_PATTERN, textMessages } from "@/shared/rules/text";
import { z } from "./zod";

/** `storable` and `storableName` of src/shared/schemas/text.ts, as checks. */
export const storable = () => z.regex(NO_CONTROL_CHARACTER_PATTERN, textMessages.controlCharacter);
const notDirected = () => z.regex(NO_DIRECTION_OVERRIDE_PATTERN, textMessages.directionOverride);

/** An optional text input: trimmed, at most `max` long; "" (an untouched input) and null become null. */
export const optionalText = (tooLong: string, max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, tooLong), storable(), ...checks)),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );

/** A required text input: trimmed, not empty, at most `max` long. */
export const requiredText = (required: string, max: number, tooLong: string) =>
  z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong), storable(), notDirected());
