import { Navigate, Outlet } from "react-router";
import type { Role } from "@/shared/enums";
import { useMe } from "@/web/lib/session";
import { PageSpinner } from "../ui/spinner";

/** Signed-out users go to /auth; non-admins entering /admin go to /dashboard (spec section 6). */
export function RequireSession({ role }: { role?: Role }) {
  const me = useMe();
  if (me.isPending) return <PageSpinner />;
  if (me.isError || !me.data) return <Navigate replace to="/auth" />;
  if (role && me.data.role !== role) return <Navigate replace to="/dashboard" />;
  return <Outlet />;
}
