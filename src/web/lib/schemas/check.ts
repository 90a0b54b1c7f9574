import type { Checked, FieldErrors } from "../use-checked-form";
import type { z } from "./zod";

/**
 * A zod/mini schema as a form's check (lib/use-checked-form.ts): the parsed output, or the first
 * message of each failing field, as react-hook-form's zod resolver gave them.
 */
export function checkWith<Field extends string, Schema extends z.ZodMiniType>(schema: Schema) {
  return (values: Record<Field, string>): Checked<Field, z.output<Schema>> => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { ok: true, value: parsed.data };
    const errors: FieldErrors<Field> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "") as Field;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  };
}
