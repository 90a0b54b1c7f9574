import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AUTH_TOKEN_PATTERN } from "@/shared/rules/auth";
import { BrandCardPage } from "@/web/components/layout/brand-card-page";
import { PageSpinner } from "@/web/components/ui/spinner";
import { ConfirmEmailPanel } from "@/web/features/auth/components/confirm-email-panel";
import { SignInForm } from "@/web/features/auth/components/sign-in-form";
import { errorMessage } from "@/web/lib/api";
import { fetchMe, homePathFor, meQueryKey, useProbedMe } from "@/web/lib/session";
import { toast } from "@/web/lib/toast";
import { ProblemBox } from "@/web/components/ui/problem-box";

/**
 * Where an address-change mail links to (`/confirm-email?token=…`). Only the account that asked
 * may confirm, so a signed-out visitor signs in here first, and the link then does its work.
 */
export function ConfirmEmailRoute() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const me = useProbedMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { t } = useLingui();

  const handleSignedIn = async () => {
    try {
      await client.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 });
    } catch (error) {
      toast.error(errorMessage(error, t`Failed to sign in`));
    }
  };

  const onConfirmed = async () => {
    const user = await client.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 });
    const email = user?.email;
    toast.success(email ? t`You now sign in with ${email}.` : t`You now sign in with your new address.`);
    navigate(user ? `${homePathFor(user)}/account` : "/auth", { replace: true });
  };

  let content;
  if (!AUTH_TOKEN_PATTERN.test(token)) {
    content = (
      <ProblemBox>
        {/* authMessages.confirmLinkInvalid (shared/rules/auth.ts), word for word, then the link. */}
        <Trans>This confirmation link is invalid, already used or expired. Ask for a new one from your account page.</Trans>{" "}
        <Link to="/" className="font-medium text-primary underline">
          <Trans>Go to the portal</Trans>
        </Link>
      </ProblemBox>
    );
  } else if (me.isPending) {
    content = <PageSpinner />;
  } else if (!me.data) {
    content = (
      <div className="space-y-4">
        {/* authMessages.confirmNeedsSession (shared/rules/auth.ts), word for word, then how. */}
        <p className="text-sm">
          <Trans>Sign in to confirm your new email address. Use the account's current address and password.</Trans>
        </p>
        <SignInForm onSignedIn={handleSignedIn} />
      </div>
    );
  } else {
    content = <ConfirmEmailPanel token={token} currentEmail={me.data.email} onConfirmed={onConfirmed} />;
  }

  return (
    <BrandCardPage title={<Trans>Confirm your new email address</Trans>} description={<Trans>The address you sign in with changes once you confirm.</Trans>}>
      {content}
    </BrandCardPage>
  );
}
