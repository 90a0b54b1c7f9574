import { Trans } from "@lingui/react/macro";
import { AccountPage } from "@/web/features/auth/components/account/account-page";
import { useMe } from "@/web/lib/session";

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
        <p role="alert" className="max-w-2xl rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <Trans>Admin accounts must use two-factor sign-in. Turn it on below (under "Two-factor sign-in") to use the admin area.</Trans>
        </p>
      ) : null}
      <AccountPage />
    </div>
  );
}
