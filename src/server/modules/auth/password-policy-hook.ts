import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { passwordProblem, passwordProblemMessages, type PasswordProblem } from "../../password-policy";

/** Better Auth's error codes for a refused new password; auth-bodies.ts names the field for each form. */
export const passwordProblemCodes: Record<PasswordProblem, string> = { common: "PASSWORD_TOO_COMMON", context: "PASSWORD_FROM_CONTEXT" };

/**
 * The password policy (password-policy.ts) on every Better Auth path that sets a password: sign-up
 * (the form, invitations, the setup page, the admin command), a reset and a change. A Better Auth
 * hook rather than a check in auth.routes.ts, so accounts made on the server (auth.api calls) are
 * held to it too. A reset knows no account before it runs, so only the brand's words count there.
 */
export const passwordPolicyHook = (brandName: () => string) =>
  createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown; email?: unknown };
    let problem: PasswordProblem | undefined;
    if (ctx.path === "/sign-up/email" && typeof body.password === "string") {
      problem = passwordProblem(body.password, { brandName: brandName(), email: stringOr(body.email) });
    } else if (ctx.path === "/reset-password" && typeof body.newPassword === "string") {
      problem = passwordProblem(body.newPassword, { brandName: brandName() });
    } else if (ctx.path === "/change-password" && typeof body.newPassword === "string") {
      const session = await getSessionFromCtx(ctx);
      problem = passwordProblem(body.newPassword, { brandName: brandName(), email: session?.user.email });
    }
    if (problem) throw new APIError("BAD_REQUEST", { message: passwordProblemMessages[problem], code: passwordProblemCodes[problem] });
  });

/** The message of the policy's refusal behind a Better Auth error code, or undefined for any other error. */
export function passwordProblemFor(code: string | undefined): string | undefined {
  const problem = (Object.keys(passwordProblemCodes) as PasswordProblem[]).find((candidate) => passwordProblemCodes[candidate] === code);
  return problem && passwordProblemMessages[problem];
}

/** The message of the policy's refusal when a server-side auth.api call threw one, else undefined. */
export function refusedPasswordOf(error: unknown): string | undefined {
  return isAPIError(error) ? passwordProblemFor((error.body as { code?: string } | undefined)?.code) : undefined;
}

const stringOr = (value: unknown) => (typeof value === "string" ? value : undefined);
