import { BACKUP_CODE_PATTERN, TOTP_CODE_PATTERN, twoFactorMessages, withoutSpaces } from "@/shared/rules/two-factor";
import { collect, firstFailing, type Checked } from "@/web/lib/use-checked-form";
import { currentPasswordFailure } from "./auth-rules";

/*
 * The two-factor forms' rules (sign-in's code step, turning it on and off on the account page) as
 * plain checks, held to src/shared/schemas/auth.ts by auth-rules.test.ts like auth-rules.ts. A
 * module of their own, so the account page loads them only with a two-factor form (ADR 019).
 */

export interface PasswordValues {
  password: string;
}

export function checkEnableTwoFactor(input: PasswordValues): Checked<keyof PasswordValues, PasswordValues> {
  return collect({ password: currentPasswordFailure(input.password) }, { password: input.password });
}

export interface CodeValues {
  code: string;
}

/** The authenticator app's 6 digits (spaces dropped), as verifyTotpInputSchema. */
export function checkTotpCode(input: CodeValues): Checked<keyof CodeValues, CodeValues> {
  const code = withoutSpaces(input.code);
  return collect({ code: firstFailing([[!TOTP_CODE_PATTERN.test(code), twoFactorMessages.totpCodeInvalid]]) }, { code });
}

/** A backup code (spaces dropped), as verifyBackupCodeInputSchema. */
export function checkBackupCode(input: CodeValues): Checked<keyof CodeValues, CodeValues> {
  const code = withoutSpaces(input.code);
  return collect({ code: firstFailing([[!BACKUP_CODE_PATTERN.test(code), twoFactorMessages.backupCodeInvalid]]) }, { code });
}

export interface DisableTwoFactorValues {
  password: string;
  code: string;
}

/** The password and the app's code or a backup code, as disableTwoFactorInputSchema. */
export function checkDisableTwoFactor(input: DisableTwoFactorValues): Checked<keyof DisableTwoFactorValues, DisableTwoFactorValues> {
  const code = withoutSpaces(input.code);
  return collect(
    {
      password: currentPasswordFailure(input.password),
      code: firstFailing([[!TOTP_CODE_PATTERN.test(code) && !BACKUP_CODE_PATTERN.test(code), twoFactorMessages.disableCodeInvalid]]),
    },
    { password: input.password, code },
  );
}
