import { Trans } from "@lingui/react/macro";
import { AccountPage } from "@/web/features/auth/components/account/account-page";
import { useMe } from "@/web/lib/session";
import { ProblemBox } from "@/web/components/ui/problem-box";

/**
 * An admin who must turn on two-factor sign-in first (REQUIRE_ADMIN_2FA, ADR 019) lands here from
 * every admin page (admin-layout.tsx); the notice says why. Here, not in the shared account page,
 * so customers download none of it.
 */
export function AdminAccountRoute() {
  const required = useMe().data?.twoFactor.required;
  return (
    <div className="space-y-6">
      {required ? (
        <ProblemBox className="max-w-2xl">
          <Trans>Admin accounts must use two-factor sign-in. Turn it on below (under "Two-factor sign-in") to use the admin area.</Trans>
        </ProblemBox>
      ) : null}
      <AccountPage />
    </div>
  );
}
