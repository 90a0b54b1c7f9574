import { Navigate, useLocation } from "react-router";

/**
 * An address that moved: replaces itself in the history with `to`, keeping the query and hash, so a
 * bookmark or an old mail's link opens the page that now lives there.
 */
export function RedirectTo({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: to, search, hash }} />;
}
