import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { can } from "@/shared/policies";
import { PageHeader } from "@/web/components/layout/page-header";
import { TitledCard } from "@/web/components/ui/card";
import { LoadError } from "@/web/components/ui/load-error";
import { PageSpinner, Spinner } from "@/web/components/ui/spinner";
import { useMe } from "@/web/lib/session";
import { EmailForm } from "./email-form";
import { LanguageForm } from "./language-form";
import { NameForm } from "./name-form";
import { PasswordForm } from "./password-form";
import { SessionsList } from "./sessions-list";
import { TwoFactorCard } from "./two-factor-card";

/* The email preferences (notifications) load with their card, after the rest of the page. */
const EmailPreferences = lazy(() => import("@/web/features/notifications/email-preferences").then((module) => ({ default: module.EmailPreferences })));
/* API tokens: only admins and company owners may hold them, so only they download the card. */
const ApiTokensCard = lazy(() => import("@/web/features/api-tokens/api-tokens").then((module) => ({ default: module.ApiTokensCard })));

/** The signed-in user's own account, the same for customers and admins. */
export function AccountPage() {
  const me = useMe();
  const { t } = useLingui();
  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader title={t`Account`} description={t`Your name, sign-in address and password.`} />
      {me.isPending ? (
        <PageSpinner />
      ) : me.isError || !me.data ? (
        <LoadError message={t`Could not load your account.`} onRetry={() => void me.refetch()} />
      ) : (
        <>
          <TitledCard title={t`Name`}>
            {/* Remounts with the saved name as its starting value. */}
            <NameForm key={me.data.name} name={me.data.name} />
          </TitledCard>
          <TitledCard title={t`Language`}>
            <LanguageForm locale={me.data.locale} />
          </TitledCard>
          <TitledCard title={t`Email address`}>
            <EmailForm key={me.data.email} email={me.data.email} />
          </TitledCard>
          <TitledCard title={t`Password`}>
            <PasswordForm />
          </TitledCard>
          <TitledCard title={t`Two-factor sign-in`}>
            <TwoFactorCard enabled={me.data.twoFactor.enabled} />
          </TitledCard>
          <TitledCard title={t`Where you're signed in`}>
            <SessionsList />
          </TitledCard>
          {/* Not for an admin who must turn on two-factor sign-in first: the server refuses them the rest. */}
          {me.data.twoFactor.required ? null : (
            <TitledCard title={t`Email notifications`}>
              <Suspense fallback={<Spinner label={t`Loading email notifications`} />}>
                <EmailPreferences />
              </Suspense>
            </TitledCard>
          )}
          {!me.data.twoFactor.required && can({ role: me.data.role, companyId: me.data.company?.id ?? null, companyRole: me.data.company?.role ?? null }, "create", "apiToken") ? (
            <TitledCard title={t`API tokens`}>
              <Suspense fallback={<Spinner label={t`Loading API tokens`} />}>
                <ApiTokensCard isAdmin={me.data.role === "admin"} />
              </Suspense>
            </TitledCard>
          ) : null}
        </>
      )}
    </div>
  );
}
