import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { AUTH_TOKEN_PATTERN } from "@/shared/rules/auth";
import type { ResetPasswordInput } from "@/shared/schemas/auth";
import { BrandCardPage } from "@/web/components/layout/brand-card-page";
import { AskForNewLink } from "@/web/features/auth/components/ask-for-new-link";
import { ResetPasswordForm } from "@/web/features/auth/components/reset-password-form";
import { resetPassword } from "@/web/features/auth/lib/auth-api";
import { toast } from "@/web/lib/toast";

/** `authMessages.resetLinkInvalid` (shared/rules/auth.ts), word for word, in the reader's language. */
const resetLinkInvalid = msg`This reset link is invalid, already used or expired. Ask for a new one.`;

/** Where a reset mail's link lands (`/reset-password?token=…`); works signed in or out. */
export function ResetPasswordRoute() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const navigate = useNavigate();
  const client = useQueryClient();
  const { t, i18n } = useLingui();

  const onSubmit = async (input: ResetPasswordInput) => {
    await resetPassword(input);
    // Every session of the account has ended, this tab's too: nothing of it may stay cached.
    client.clear();
    toast.success(t`Your password has been changed. Sign in with the new one.`);
    navigate("/auth", { replace: true });
  };

  return (
    <BrandCardPage title={<Trans>Choose a new password</Trans>} description={<Trans>Setting it logs you out on every device.</Trans>}>
      {AUTH_TOKEN_PATTERN.test(token) ? <ResetPasswordForm token={token} onSubmit={onSubmit} /> : <AskForNewLink message={i18n._(resetLinkInvalid)} />}
    </BrandCardPage>
  );
}
