import type {
  ChangeEmailInput,
  ChangePasswordInput,
  ConfirmEmailInput,
  RequestPasswordResetInput,
  ResetPasswordInput,
  UpdateNameInput,
} from "@/shared/schemas/auth";
import { untypedAuthApi } from "@/web/lib/api";

/*
 * Better Auth's account endpoints (server: modules/auth/auth.routes.ts checks every body with the
 * schemas of src/shared/schemas/auth.ts). Untyped like the other /api/auth calls (lib/api.ts).
 */

/** Answers the same whether or not the address has an account. */
export const requestPasswordReset = (input: RequestPasswordResetInput) => untypedAuthApi.post("/auth/request-password-reset", input);

/** Sets the new password and ends every session of the account. */
export const resetPassword = (input: ResetPasswordInput) => untypedAuthApi.post("/auth/reset-password", input);

/** The account page's name form. */
export const updateName = (input: UpdateNameInput) => untypedAuthApi.post("/auth/update-user", input);

/** Needs the current password; ends every other session of the account. */
export const changePassword = (input: ChangePasswordInput) => untypedAuthApi.post("/auth/change-password", input);

/** Mails a confirmation link to the new address; nothing changes until it is opened. */
export const changeEmail = (input: ChangeEmailInput) => untypedAuthApi.post("/auth/change-email", input);

/** The confirmation link's token, sent by the signed-in account that asked for the change. */
export const confirmEmail = (input: ConfirmEmailInput) => untypedAuthApi.get(`/auth/verify-email?token=${encodeURIComponent(input.token)}`);
