import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { CompanySso } from "@/shared/schemas/single-sign-on";
import { Button, SubmitButton } from "@/web/components/ui/button";
import { TitledCard } from "@/web/components/ui/card";
import { InputField, TextareaField } from "@/web/components/ui/field";
import { LoadError } from "@/web/components/ui/load-error";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useCheckedForm } from "@/web/lib/use-checked-form";
import { useCompanySso, useRemoveCompanySso, useSaveCompanySso } from "../../api/use-company-sso";
import { checkCompanySso, companySsoFields } from "../../lib/company-sso-rules";

/**
 * Admin, on a customer's page: the company's own identity provider (ADR 051), the email domains
 * that route to it, and "SSO only". The client secret is never shown again once saved.
 */
export function CompanySsoSection({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  const sso = useCompanySso(companyId);
  const [editing, setEditing] = useState(false);
  const remove = useRemoveCompanySso(companyId);

  const removeSso = async () => {
    try {
      await remove.mutateAsync();
      toast.success(t`Single sign-on removed`);
    } catch (error) {
      toast.error(errorMessage(error, t`Failed to remove single sign-on`));
    }
  };

  return (
    <TitledCard title={t`Single sign-on`} description={t`The company's own identity provider (OpenID Connect): an address of its domains signs in there.`}>
      {sso.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t`Loading`} />
        </div>
      ) : sso.isError ? (
        <LoadError message={t`Failed to load single sign-on`} onRetry={() => void sso.refetch()} />
      ) : editing || !sso.data ? (
        editing ? (
          <CompanySsoForm companyId={companyId} saved={sso.data ?? null} onDone={() => setEditing(false)} />
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-muted-foreground">{t`Not set up: the company's members sign in with their passwords.`}</p>
            <Button type="button" variant="outline" onClick={() => setEditing(true)}>
              {t`Set up single sign-on`}
            </Button>
          </div>
        )
      ) : (
        <div className="space-y-3 text-sm">
          <dl className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
            <dt className="font-medium">{t`Issuer`}</dt>
            <dd className="break-all">{sso.data.issuer}</dd>
            <dt className="font-medium">{t`Client ID`}</dt>
            <dd className="break-all">{sso.data.clientId}</dd>
            <dt className="font-medium">{t`Email domains`}</dt>
            <dd>{sso.data.domains.join(", ")}</dd>
            <dt className="font-medium">{t`SSO only`}</dt>
            <dd>{sso.data.ssoOnly ? t`Yes: members cannot sign in with a password` : t`No: members may also use a password`}</dd>
            <dt className="font-medium">{t`Redirect URI`}</dt>
            <dd className="break-all font-mono text-xs">{sso.data.redirectUri}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => setEditing(true)}>
              {t`Edit single sign-on`}
            </Button>
            <Button type="button" variant="destructive" onClick={removeSso} disabled={remove.isPending}>
              {t`Remove single sign-on`}
            </Button>
          </div>
        </div>
      )}
    </TitledCard>
  );
}

function CompanySsoForm({ companyId, saved, onDone }: { companyId: string; saved: CompanySso | null; onDone: () => void }) {
  const { t } = useLingui();
  const save = useSaveCompanySso(companyId);
  const form = useCheckedForm(companySsoFields, (values) => checkCompanySso(values, saved !== null));
  const { errors, isSubmitting } = form;
  const id = useId();
  const onSubmit = form.handleSubmit(async (input) => {
    await save.mutateAsync(input);
    toast.success(t`Single sign-on saved`);
    onDone();
  }, t`Failed to save single sign-on`);

  return (
    <form noValidate onSubmit={onSubmit} onChange={form.onChange} className="space-y-4">
      <InputField id={`${id}-issuer`} name="issuer" label={t`Issuer URL`} required defaultValue={saved?.issuer} placeholder="https://login.example.com/realms/acme" error={errors.issuer} />
      <InputField id={`${id}-client`} name="clientId" label={t`Client ID`} required defaultValue={saved?.clientId} autoComplete="off" error={errors.clientId} />
      <InputField
        id={`${id}-secret`}
        name="clientSecret"
        type="password"
        autoComplete="new-password"
        label={saved ? t`Client secret (leave blank to keep the saved one)` : t`Client secret`}
        required={!saved}
        error={errors.clientSecret}
      />
      <TextareaField id={`${id}-domains`} name="domains" label={t`Email domains, one per line`} defaultValue={saved?.domains.join("\n")} rows={3} error={errors.domains} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="ssoOnly" className="mt-0.5 h-4 w-4 accent-primary" defaultChecked={saved?.ssoOnly ?? false} />
        <span>{t`SSO only: the company's members cannot sign in with a password`}</span>
      </label>
      <p className="text-sm text-muted-foreground">{t`Register this redirect URI at the provider:`} <code className="break-all text-xs">{`${window.location.origin}/api/sso/callback`}</code></p>
      <div className="flex flex-wrap gap-2">
        <SubmitButton label={t`Save single sign-on`} workingLabel={t`Saving...`} isSubmitting={isSubmitting} />
        <Button type="button" variant="ghost" onClick={onDone}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}
