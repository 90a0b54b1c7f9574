import { authMessages } from "@/shared/rules/auth";
import { APIError } from "better-auth/api";
import type { Auth } from "../../auth";
import { badRequest, unauthorized, type Problem } from "../../http/problem";

/**
 * Re-authentication before a change that could hand the account to someone else (ASVS 7.5.1): the
 * session's own password, checked by Better Auth. Undefined when it is right; else 401 without a
 * session, or 400 naming `currentPassword`. Guesses here are held by Better Auth's per-address
 * limit on the endpoint, like the password change's.
 */
export async function checkCurrentPassword(auth: Auth, headers: Headers, password: string): Promise<Problem | undefined> {
  if (!(await auth.api.getSession({ headers }))) return unauthorized();
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
    return undefined;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return badRequest(authMessages.currentPasswordWrong, [{ field: "currentPassword", message: authMessages.currentPasswordWrong }]);
  }
}
