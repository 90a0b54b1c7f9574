import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { API_TOKEN_NAME_MAX, apiTokenLifetimesDays, apiTokenMessages, apiTokenScopes, type ApiTokenScope } from "@/shared/rules/api-token";
import type { CreatedApiToken } from "@/shared/schemas/api-token";
import { DialogFormActions, NewItemDialog } from "@/web/components/new-item-dialog";
import { Button } from "@/web/components/ui/button";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { Field, InputField } from "@/web/components/ui/field";
import { Input, NativeSelect } from "@/web/components/ui/input";
import { ApiError, shownProblemDetail } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useCreateApiToken } from "../api/use-api-tokens";
import { apiTokenScopeMessages } from "@/web/lib/i18n/labels";

const NEVER = "never";

/**
 * "New API token": a name, a scope and a lifetime (never expiring for admins only), then the token
 * itself, shown this once with a copy button. A refusal the server explains stays in the dialog.
 */
export function NewApiTokenDialog({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<{ name?: string | undefined; expiresInDays?: string | undefined }>({});
  const [made, setMade] = useState<CreatedApiToken | null>(null);
  const create = useCreateApiToken();
  const { t } = useLingui();
  const lifetimeLabel = (days: number) => (days === 365 ? t`1 year` : t`${days} days`);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setErrors({});
    if (!next) setMade(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const data = new FormData(event.currentTarget);
    const name = String(data.get("name") ?? "").trim();
    if (!name || name.length > API_TOKEN_NAME_MAX) {
      setErrors({ name: name ? apiTokenMessages.nameTooLong : apiTokenMessages.nameRequired });
      document.getElementById("api-token-name")?.focus();
      return;
    }
    const lifetime = String(data.get("expiresInDays"));
    setErrors({});
    try {
      const token = await create.mutateAsync({
        name,
        scope: String(data.get("scope")) as ApiTokenScope,
        expiresInDays: lifetime === NEVER ? null : (Number(lifetime) as (typeof apiTokenLifetimesDays)[number]),
      });
      setMade(token);
    } catch (failure) {
      const fields = failure instanceof ApiError ? (failure.problem?.errors ?? []) : [];
      const fieldMessage = (field: string) => fields.find((problem) => problem.field === field)?.message;
      if (fieldMessage("name") || fieldMessage("expiresInDays")) setErrors({ name: fieldMessage("name"), expiresInDays: fieldMessage("expiresInDays") });
      else toast.error(shownProblemDetail(failure) ?? t`Could not make the token`);
    }
  };

  return (
    <NewItemDialog
      trigger={t`New API token`}
      title={made ? t`Copy your new token` : t`New API token`}
      description={
        made
          ? t`This is the only time it is shown. Store it somewhere safe, such as a password manager or your script's secrets.`
          : t`A script or integration uses it in place of your password. It can do what you can, or only read.`
      }
      open={open}
      onOpenChange={onOpenChange}
    >
      {made ? (
        <MadeToken token={made} onDone={() => onOpenChange(false)} />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <InputField id="api-token-name" name="name" label={t`Name`} required autoComplete="off" autoFocus maxLength={API_TOKEN_NAME_MAX + 1} placeholder={t`Accounting sync`} error={errors.name} />
          <EnumSelectField id="api-token-scope" name="scope" label={t`Access`} defaultValue="read" values={apiTokenScopes} labels={apiTokenScopeMessages} />
          <Field id="api-token-lifetime" label={t`Expires after`} error={errors.expiresInDays}>
            <NativeSelect id="api-token-lifetime" name="expiresInDays" defaultValue="90">
              {apiTokenLifetimesDays.map((days) => (
                <option key={days} value={days}>
                  {lifetimeLabel(days)}
                </option>
              ))}
              {isAdmin ? <option value={NEVER}>
                  <Trans>Never</Trans>
                </option> : null}
            </NativeSelect>
          </Field>
          <DialogFormActions submitLabel={t`Make token`} workingLabel={t`Making...`} isSubmitting={create.isPending} />
        </form>
      )}
    </NewItemDialog>
  );
}

function MadeToken({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const { t } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      toast.success(t`Token copied`);
    } catch {
      toast.error(t`Could not copy: select the token and copy it yourself`);
    }
  };
  return (
    <div className="space-y-4">
      <Field id="api-token-value" label={token.name}>
        <Input id="api-token-value" readOnly value={token.token} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
      </Field>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Send it as <code className="rounded bg-muted px-1">Authorization: Bearer …</code> with each request to the API.
        </Trans>
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <Trans>Copy token</Trans>
        </Button>
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </div>
  );
}
