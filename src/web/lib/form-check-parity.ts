import fc from "fast-check";
import { expect } from "vitest";
import type { z } from "zod";
import type { Checked } from "./use-checked-form";

/*
 * For the tests that hold a form's hand-written check to the server's schema (ADR 008): the same
 * verdict, the same first message per field (as the form shows it) and the same output.
 */

/** What the server's schema says, in the shape of the form's: the first message per field. */
function serverVerdict(schema: z.ZodType, input: Record<string, string>) {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

const formVerdict = (result: Checked<string, unknown>) => (result.ok ? { ok: true, value: result.value } : { ok: false, errors: result.errors });

/** The form's check of `input` says what the server's schema says of it. */
export function expectSameVerdict<I extends Record<string, string>>(check: (input: I) => Checked<string, unknown>, schema: z.ZodType, input: I): void {
  expect(formVerdict(check(input))).toEqual(serverVerdict(schema, input));
}

/** The form's check says what the server's schema says, for `numRuns` inputs drawn from `inputs`. */
export function expectChecksMatch<I extends Record<string, string>>(inputs: fc.Arbitrary<I>, check: (input: I) => Checked<string, unknown>, schema: z.ZodType, numRuns: number): void {
  fc.assert(
    fc.property(inputs, (input) => expectSameVerdict(check, schema, input)),
    { numRuns },
  );
}
