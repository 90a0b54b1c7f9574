import { useLingui } from "@lingui/react/macro";
import { Navigate, useLocation } from "react-router";
import { useMe } from "@/web/lib/session";
import { PaletteLauncher } from "@/web/features/search/components/admin/palette-launcher";
import { AccessReasonDialog } from "@/web/features/access-log/components/admin/access-reason-dialog";
import { adminMoreNav, adminNav } from "./admin-nav";
import { AppShell } from "./app-shell";

/**
 * An admin who must turn on two-factor sign-in first (REQUIRE_ADMIN_2FA, ADR 019) sees only their
 * account page, which says why; the API refuses them everything else.
 */
export function AdminLayout() {
  const { t } = useLingui();
  const me = useMe();
  const { pathname } = useLocation();
  if (me.data?.twoFactor.required && pathname !== "/admin/account") return <Navigate replace to="/admin/account" />;
  return (
    <>
      <AppShell title={t`Admin Dashboard`} home="/admin" nav={adminNav} moreNav={adminMoreNav} area="admin" tools={<PaletteLauncher />} />
      <AccessReasonDialog />
    </>
  );
}
