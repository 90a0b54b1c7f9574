import { regexes } from "zod/v4/core";
import { collect, firstFailing, type Checked } from "@/web/lib/use-checked-form";
import { SETUP_CODE_MAX, setupMessages } from "@/shared/rules/setup";
import { hasControlCharacter, hasDirectionOverride, textMessages } from "@/shared/rules/text";
import { AUTH_TOKEN_MAX, AUTH_TOKEN_PATTERN, authMessages, EMAIL_MAX, FULL_NAME_MAX, INVALID_EMAIL, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/shared/rules/auth";

/**
 * The sign-in and sign-up rules of src/shared/schemas/auth.ts, as plain checks: the sign-in page
 * is the first page most visitors load, and react-hook-form plus zod would be a fifth of its
 * JavaScript budget (ADR 008). auth-rules.test.ts holds these to the server's schemas: same
 * verdict, same message per field, same output. Limits and messages come from src/shared/rules/auth.ts.
 */

export type { Checked, FieldErrors } from "@/web/lib/use-checked-form";

const invalidEmail = (email: string) => !regexes.email.test(email);

export interface SignInValues {
  email: string;
  password: string;
}

export function checkSignIn(input: SignInValues): Checked<keyof SignInValues, SignInValues> {
  return collect(
    {
      email: firstFailing([[invalidEmail(input.email), INVALID_EMAIL]]),
      password: firstFailing([[input.password.length < 1, authMessages.passwordRequired]]),
    },
    { email: input.email, password: input.password },
  );
}

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
}

const nameFailure = (name: string) =>
  firstFailing([
    [name.length < 1, authMessages.nameRequired],
    [name.length > FULL_NAME_MAX, authMessages.nameTooLong],
    [hasControlCharacter(name), textMessages.controlCharacter],
    [hasDirectionOverride(name), textMessages.directionOverride],
  ]);

// The server's `z.email(message).max(EMAIL_MAX)`: the schema's message covers its length check too.
const emailFailure = (email: string) => firstFailing([[invalidEmail(email) || email.length > EMAIL_MAX, INVALID_EMAIL]]);

const newPasswordFailure = (password: string) =>
  firstFailing([
    [password.length < PASSWORD_MIN_LENGTH, authMessages.passwordTooShort],
    [password.length > PASSWORD_MAX_LENGTH, authMessages.passwordTooLong],
  ]);

export function checkSignUp(input: SignUpValues): Checked<keyof SignUpValues, SignUpValues> {
  const name = input.name.trim();
  return collect(
    { name: nameFailure(name), email: emailFailure(input.email), password: newPasswordFailure(input.password) },
    { name, email: input.email, password: input.password },
  );
}

export interface SetupOwnerValues extends SignUpValues {
  code: string;
}

/** /setup's first step: the sign-up rules, and a setup code (whose value only the server knows). */
export function checkSetupOwner(input: SetupOwnerValues): Checked<keyof SetupOwnerValues, SetupOwnerValues> {
  const account = checkSignUp(input);
  const code = input.code.trim();
  const codeFailure = firstFailing([
    [code.length < 1, setupMessages.codeRequired],
    [code.length > SETUP_CODE_MAX, setupMessages.codeWrong],
    [hasControlCharacter(code), textMessages.controlCharacter],
  ]);
  return collect({ ...(account.ok ? {} : account.errors), code: codeFailure }, { ...(account.ok ? account.value : input), code });
}

export interface RequestResetValues {
  email: string;
}

export function checkRequestReset(input: RequestResetValues): Checked<keyof RequestResetValues, RequestResetValues> {
  return collect({ email: emailFailure(input.email) }, { email: input.email });
}

export interface ResetPasswordValues {
  token: string;
  newPassword: string;
}

export function checkResetPassword(input: ResetPasswordValues): Checked<keyof ResetPasswordValues, ResetPasswordValues> {
  return collect(
    {
      token: firstFailing([[input.token.length > AUTH_TOKEN_MAX || !AUTH_TOKEN_PATTERN.test(input.token), authMessages.resetLinkInvalid]]),
      newPassword: newPasswordFailure(input.newPassword),
    },
    { token: input.token, newPassword: input.newPassword },
  );
}

export interface UpdateNameValues {
  name: string;
}

export function checkUpdateName(input: UpdateNameValues): Checked<keyof UpdateNameValues, UpdateNameValues> {
  const name = input.name.trim();
  return collect({ name: nameFailure(name) }, { name });
}

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
}

/** The current password proving a change to the account: required, and no longer than any password. */
export const currentPasswordFailure = (password: string) =>
  firstFailing([
    [password.length < 1, authMessages.passwordRequired],
    [password.length > PASSWORD_MAX_LENGTH, authMessages.passwordTooLong],
  ]);

export function checkChangePassword(input: ChangePasswordValues): Checked<keyof ChangePasswordValues, ChangePasswordValues> {
  return collect(
    {
      currentPassword: currentPasswordFailure(input.currentPassword),
      newPassword: newPasswordFailure(input.newPassword),
    },
    { currentPassword: input.currentPassword, newPassword: input.newPassword },
  );
}

export interface ChangeEmailValues {
  newEmail: string;
  currentPassword: string;
}

export function checkChangeEmail(input: ChangeEmailValues): Checked<keyof ChangeEmailValues, ChangeEmailValues> {
  return collect(
    { newEmail: emailFailure(input.newEmail), currentPassword: currentPasswordFailure(input.currentPassword) },
    { newEmail: input.newEmail, currentPassword: input.currentPassword },
  );
}

