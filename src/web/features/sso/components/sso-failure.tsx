import { useLingui } from "@lingui/react/macro";
import { useSearchParams } from "react-router";
import type { SsoFailure } from "@/shared/rules/single-sign-on";

/** Why the identity provider's sign-in did not end in a session, as /auth?sso_error=… names it. */
export function SsoFailureNotice() {
  const [search] = useSearchParams();
  const failure = search.get("sso_error");
  const { t } = useLingui();
  if (!failure) return null;
  const messages: Record<SsoFailure, string> = {
    denied: t`Single sign-on was cancelled at your identity provider.`,
    expired: t`This single sign-on expired or was started in another browser. Please try again.`,
    invalid: t`Your identity provider's answer could not be verified. Please try again or contact us.`,
    unverified_email: t`Your identity provider has not verified your email address.`,
    wrong_domain: t`Your identity provider signed you in with an address it may not speak for.`,
    no_account: t`There is no account for this address. Ask your contact for an invitation.`,
    not_member: t`This account does not sign in through this identity provider.`,
    deactivated: t`This account has been deactivated.`,
    unavailable: t`Single sign-on is no longer set up for this address.`,
  };
  const message = (messages as Record<string, string>)[failure] ?? messages.invalid;
  return (
    <p role="alert" className="mb-4 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive">
      {message}
    </p>
  );
}
