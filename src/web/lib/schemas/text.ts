import { z } from "./zod";

/** An optional text input: trimmed, at most `max` long; "" (an untouched input) and null become null. */
export const optionalText = (message: string, max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, message), ...checks)),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );

/** A required text input: trimmed, not empty, at most `max` long. */
export const requiredText = (label: string, max: number, tooLong: string) =>
  z.string(`${label} is required`).check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, tooLong));
