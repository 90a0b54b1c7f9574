import { AccountPage } from "@/web/features/auth/components/account/account-page";

export function AccountRoute() {
  return <AccountPage />;
}
