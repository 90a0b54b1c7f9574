import type { RequestPasswordResetInput, ResetPasswordInput } from "@/shared/schemas/auth";
import { untypedAuthApi } from "@/web/lib/api";

/*
 * Better Auth's account endpoints (server: modules/auth/auth.routes.ts checks every body with the
 * schemas of src/shared/schemas/auth.ts). Untyped like the other /api/auth calls (lib/api.ts).
 */

/** Answers the same whether or not the address has an account. */
export const requestPasswordReset = (input: RequestPasswordResetInput) => untypedAuthApi.post("/auth/request-password-reset", input);

/** Sets the new password and ends every session of the account. */
export const resetPassword = (input: ResetPasswordInput) => untypedAuthApi.post("/auth/reset-password", input);
