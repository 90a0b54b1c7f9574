import { AccountPage } from "@/web/features/auth/components/account/account-page";

export function AdminAccountRoute() {
  return <AccountPage />;
}
