import { regexes } from "zod/v4/core";

/**
 * The sign-in and sign-up rules of src/shared/schemas/auth.ts, as plain checks: the sign-in page
 * is the first page most visitors load, and react-hook-form plus zod would be a fifth of its
 * JavaScript budget (ADR 008). auth-rules.test.ts holds these to the server's schemas: same
 * verdict, same message per field, same output.
 */
export const PASSWORD_MIN_LENGTH = 6;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;
export type Checked<Field extends string, Output> = { ok: true; value: Output } | { ok: false; errors: FieldErrors<Field> };

/** The first failing rule's message, in the order the server's schema checks them; undefined when all pass. */
const firstFailing = (rules: Array<[failed: boolean, message: string]>) => rules.find(([failed]) => failed)?.[1];

function collect<Field extends string, Output>(errors: FieldErrors<Field>, value: Output): Checked<Field, Output> {
  const failed = Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<Field>;
  return Object.keys(failed).length ? { ok: false, errors: failed } : { ok: true, value };
}

const invalidEmail = (email: string) => !regexes.email.test(email);

export interface SignInValues {
  email: string;
  password: string;
}

export function checkSignIn(input: SignInValues): Checked<keyof SignInValues, SignInValues> {
  return collect(
    {
      email: firstFailing([[invalidEmail(input.email), "Enter a valid email address"]]),
      password: firstFailing([[input.password.length < 1, "Password is required"]]),
    },
    { email: input.email, password: input.password },
  );
}

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
}

export function checkSignUp(input: SignUpValues): Checked<keyof SignUpValues, SignUpValues> {
  const name = input.name.trim();
  return collect(
    {
      name: firstFailing([
        [name.length < 1, "Full name is required"],
        [name.length > 200, "Full name is too long"],
      ]),
      email: firstFailing([
        [invalidEmail(input.email), "Enter a valid email address"],
        // The server's `z.email(message).max(254)`: the schema's message covers its length check too.
        [input.email.length > 254, "Enter a valid email address"],
      ]),
      password: firstFailing([
        [input.password.length < PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`],
        [input.password.length > 128, "Password is too long"],
      ]),
    },
    { name, email: input.email, password: input.password },
  );
}
