import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { INVITATION_TOKEN_PATTERN } from "@/shared/rules/member";
import type { SignUpInput } from "@/shared/schemas/auth";
import type { AcceptedInvitation, InvitationPreview } from "@/shared/schemas/member";
import { BrandCardPage } from "@/web/components/layout/brand-card-page";
import { LoadError } from "@/web/components/ui/load-error";
import { PageSpinner } from "@/web/components/ui/spinner";
import { SignInForm } from "@/web/features/auth/components/sign-in-form";
import { SignUpForm } from "@/web/features/auth/components/sign-up-form";
import { invitationProblem, useAcceptInvitation, useInvitationPreview } from "@/web/features/members/api/use-invitation-link";
import {
  AcceptInvitationPanel,
  InvitationFailure,
  InvitationHeading,
  OtherAddressPanel,
  SignOutButton,
} from "@/web/features/members/components/invitation-panels";
import { homeAfterAccepting, invitationStep } from "@/web/features/members/lib/invitation-steps";
import { ApiError, errorMessage } from "@/web/lib/api";
import { brandName } from "@/web/lib/brand";
import { queryRoots } from "@/web/lib/query-keys";
import { fetchMe, meQueryKey, signOut, signUp, useProbedMe } from "@/web/lib/session";
import { toast } from "@/web/lib/toast";
import { translateKnown } from "@/web/lib/i18n/known-messages";
import { ProblemBlock } from "@/web/components/ui/problem-box";

const ACCEPT_FAILED = msg`Could not accept the invitation`;
/** `memberMessages.invitationInvalid` (shared/rules/member.ts), word for word, in the reader's language. */
const INVITATION_INVALID = msg`This invitation is invalid, expired, revoked or already used. Ask for a new one.`;

/**
 * Where an invitation mail links to (`/invitation?token=…`). Whoever opens it sees where it leads;
 * the invited address then accepts (signed in), signs in and accepts, or signs up with the address
 * fixed, which accepts in the same request. Another signed-in account is asked to sign out first.
 */
export function InvitationRoute() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const wellFormed = INVITATION_TOKEN_PATTERN.test(token);
  const preview = useInvitationPreview(token);
  const me = useProbedMe();
  const { t, i18n } = useLingui();

  let content: ReactNode;
  let heading: ReactNode = (
    <h1 className="text-xl font-semibold">
      <Trans>Invitation</Trans>
    </h1>
  );
  if (!wellFormed || (preview.isError && preview.error instanceof ApiError && preview.error.status < 500)) {
    content = <InvalidInvitation message={wellFormed ? invitationProblem(preview.error) : i18n._(INVITATION_INVALID)} />;
  } else if (preview.isError) {
    content = <LoadError message={t`Could not load the invitation.`} onRetry={() => void preview.refetch()} />;
  } else if (preview.isPending || me.isPending) {
    content = <PageSpinner />;
  } else {
    heading = <InvitationHeading invitation={preview.data} />;
    content = <InvitationSteps token={token} invitation={preview.data} signedInEmail={me.data?.email ?? null} />;
  }

  return <BrandCardPage heading={heading}>{content}</BrandCardPage>;
}

function InvalidInvitation({ message }: { message: string }) {
  return (
    <ProblemBlock>
      <p>{translateKnown(message)}</p>
      <Link to="/" className="mt-1 inline-flex min-h-11 items-center font-medium text-primary underline hover:text-primary/80">
        <Trans>Go to the portal</Trans>
      </Link>
    </ProblemBlock>
  );
}

function InvitationSteps({ token, invitation, signedInEmail }: { token: string; invitation: InvitationPreview; signedInEmail: string | null }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | undefined>();
  const { t, i18n } = useLingui();

  /** The session just changed: an answer still on its way describes the old one. */
  const fetchNewMe = async () => {
    await client.cancelQueries({ queryKey: meQueryKey });
    return client.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 });
  };

  /** Accepted: the account now belongs elsewhere, so nothing cached of it before may stay. */
  const goOn = (accepted: AcceptedInvitation) => {
    client.clear();
    if (accepted.signInAgain) {
      // Becoming an admin ended the account's sessions, this one too.
      toast.success(t`You are now on the ${brandName} team. Sign in again to continue.`);
      navigate("/auth", { replace: true });
      return;
    }
    const companyName = accepted.company?.name;
    toast.success(companyName !== undefined ? t`Welcome to ${companyName}!` : t`Welcome to the ${brandName} team!`);
    navigate(homeAfterAccepting(accepted), { replace: true });
  };

  const acceptNow = async () => {
    setFailure(undefined);
    try {
      goOn(await accept.mutateAsync(token));
    } catch (error) {
      setFailure(errorMessage(error, i18n._(ACCEPT_FAILED)));
    }
  };

  const handleSignedIn = async () => {
    try {
      goOn(await accept.mutateAsync(token));
    } catch (error) {
      // Signed in, but this account cannot take the invitation (it belongs to another company…).
      setFailure(errorMessage(error, i18n._(ACCEPT_FAILED)));
      await fetchNewMe();
    }
  };

  // A refusal reaches the form, which shows it under itself and in a toast.
  const handleSignUp = async (input: SignUpInput) => {
    await signUp({ ...input, invitationToken: token });
    client.clear();
    toast.success(t`Account created! Welcome to ${brandName}.`);
    navigate(invitation.company ? "/dashboard" : "/admin", { replace: true });
  };

  const handleSignOut = async () => {
    try {
      await signOut();
    } finally {
      // Keep the invitation on screen; forget everything of the account that signed out.
      const kept: unknown[] = [queryRoots.invitations, queryRoots.me];
      client.removeQueries({ predicate: (query) => !kept.includes(query.queryKey[0]) });
      client.setQueryData(meQueryKey, null);
      setFailure(undefined);
    }
  };

  const step = invitationStep(invitation, signedInEmail);
  return (
    <div className="space-y-4">
      {failure ? <InvitationFailure message={failure} /> : null}
      {step === "accept" ? (
        <>
          <AcceptInvitationPanel email={signedInEmail ?? invitation.email} onAccept={acceptNow} />
          {failure ? <SignOutButton onSignOut={handleSignOut} /> : null}
        </>
      ) : step === "other-address" ? (
        <OtherAddressPanel email={signedInEmail ?? ""} onSignOut={handleSignOut} />
      ) : step === "sign-in" ? (
        <>
          <p className="text-sm">
            <Trans>Sign in with the invited address to accept.</Trans>
          </p>
          <SignInForm fixedEmail={invitation.email} onSignedIn={handleSignedIn} />
        </>
      ) : (
        <>
          <p className="text-sm">
            <Trans>Create your account to accept.</Trans>
          </p>
          <SignUpForm fixedEmail={invitation.email} onSubmit={handleSignUp} />
        </>
      )}
    </div>
  );
}
