import type { DisableTwoFactorInput, EnableTwoFactorInput } from "@/shared/schemas/auth";
import { untypedAuthApi } from "@/web/lib/api";

/*
 * Better Auth's two-factor endpoints as modules/auth/auth.routes.ts serves them (ADR 019): bodies
 * checked with src/shared/schemas/auth.ts, the enrolment answer with the key and a QR code drawn
 * on the server, so the browser downloads no QR library.
 */

/** What turning two-factor sign-in on shows once: the key (as a QR code too) and the backup codes. */
export interface TwoFactorEnrolment {
  secret: string;
  /** A data:image/svg+xml URL. */
  qrCode: string;
  backupCodes: string[];
}

/** Checks the password and answers a new key; two-factor sign-in stays off until `confirmTwoFactor`. */
export const startTwoFactor = async (input: EnableTwoFactorInput) => (await untypedAuthApi.post("/auth/two-factor/enable", input)) as TwoFactorEnrolment;

/** A code from the app proves it holds the key: two-factor sign-in is on (the session is replaced). */
export const confirmTwoFactor = (code: string) => untypedAuthApi.post("/auth/two-factor/verify-totp", { code });

/** Needs the password and a current code (the app's, or a backup code). */
export const disableTwoFactor = (input: DisableTwoFactorInput) => untypedAuthApi.post("/auth/two-factor/disable", input);

/** Sign-in's code step: the app's code or a backup code; `trustDevice` skips the step on this browser for 30 days. */
export const sendSignInCode = ({ code, backup, trustDevice }: { code: string; backup: boolean; trustDevice: boolean }) =>
  untypedAuthApi.post(backup ? "/auth/two-factor/verify-backup-code" : "/auth/two-factor/verify-totp", { code, trustDevice });
