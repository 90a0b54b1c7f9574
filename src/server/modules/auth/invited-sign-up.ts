import type { Context } from "hono";
import { memberMessages } from "@/shared/rules/member";
import type { SignUpInput } from "@/shared/schemas/auth";
import { CLIENT_IP_HEADER } from "../../auth";
import { recordChange } from "../../changes/listeners";
import type { AppDeps } from "../../http/context";
import { badRequest, forbidden } from "../../http/problem";
import { clientIp } from "../../http/security";
import { limitInvitationLookups, previewInvitation, redeemInvitation } from "../members/invitation-redeem";

type Deps = Pick<AppDeps, "db" | "env" | "events" | "auth">;

/**
 * Sign-up under the sign-up policy (ADR 015). Without an invitation it is refused in `invite`
 * mode. With one, the address must be the invited one (the form shows it fixed; only a forged
 * request differs) and the link must still work, checked before any account is made.
 * Answers the body Better Auth gets: the account fields alone.
 */
export async function checkSignUp({ db, env }: Deps, c: Context, input: SignUpInput): Promise<Omit<SignUpInput, "invitationToken">> {
  const { invitationToken, ...account } = input;
  if (!invitationToken) {
    if (env.SIGNUP_MODE === "invite") throw forbidden(memberMessages.signupByInvitation);
    return account;
  }
  await limitInvitationLookups(db, clientIp(c, env.TRUSTED_PROXIES));
  const invitation = await previewInvitation(db, invitationToken);
  if (invitation.email !== account.email.toLowerCase()) throw badRequest(memberMessages.otherAddress, [{ field: "email", message: memberMessages.otherAddress }]);
  return account;
}

/**
 * After Better Auth made the account: redeems the invitation for it. An invitation to the
 * provider's team makes the account an admin, which ends the session sign-up just opened (a role
 * change does, drizzle/0007); the answer is then a fresh sign-in's, so the new admin is signed in.
 */
export async function completeInvitedSignUp(deps: Deps, headers: Headers, input: SignUpInput, signedUp: Response): Promise<Response> {
  if (!input.invitationToken) return signedUp;
  const { user } = (await signedUp.clone().json()) as { user: { id: string; email: string } };
  const source = { actorId: user.id, actorEmail: user.email, ip: headers.get(CLIENT_IP_HEADER), userAgent: headers.get("user-agent") };
  const accepted = await redeemInvitation({ db: deps.db, record: recordChange }, input.invitationToken, { id: user.id, email: user.email, role: "customer", companyId: null }, source);
  if (!accepted.signInAgain) return signedUp;
  return deps.auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers, asResponse: true });
}
