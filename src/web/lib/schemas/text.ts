import { z } from "./zod";

/** An optional text input: trimmed, at most `max` long; "" (an untouched input) and null become null. */
export const optionalText = (tooLong: string, max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, tooLong), ...checks)),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );

/** A required text input: trimmed, not empty, at most `max` long. */
export const requiredText = (required: string, max: number, tooLong: string) =>
  z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));
