import { useState, type FormEvent } from "react";
import { API_TOKEN_NAME_MAX, apiTokenLifetimesDays, apiTokenMessages, apiTokenScopes, type ApiTokenScope } from "@/shared/rules/api-token";
import type { CreatedApiToken } from "@/shared/schemas/api-token";
import { DialogFormActions, NewItemDialog } from "@/web/components/new-item-dialog";
import { Button } from "@/web/components/ui/button";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { Field, InputField } from "@/web/components/ui/field";
import { Input, NativeSelect } from "@/web/components/ui/input";
import { ApiError, problemDetail } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useCreateApiToken } from "../api/use-api-tokens";
import { apiTokenScopeMessages } from "@/web/lib/i18n/labels";

const NEVER = "never";
const lifetimeLabel = (days: number) => (days === 365 ? "1 year" : `${days} days`);

/**
 * "New API token": a name, a scope and a lifetime (never expiring for admins only), then the token
 * itself, shown this once with a copy button. A refusal the server explains stays in the dialog.
 */
export function NewApiTokenDialog({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<{ name?: string | undefined; expiresInDays?: string | undefined }>({});
  const [made, setMade] = useState<CreatedApiToken | null>(null);
  const create = useCreateApiToken();

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
      else toast.error(problemDetail(failure) ?? "Could not make the token");
    }
  };

  return (
    <NewItemDialog
      trigger="New API token"
      title={made ? "Copy your new token" : "New API token"}
      description={made ? "This is the only time it is shown. Store it somewhere safe, such as a password manager or your script's secrets." : "A script or integration uses it in place of your password. It can do what you can, or only read."}
      open={open}
      onOpenChange={onOpenChange}
    >
      {made ? (
        <MadeToken token={made} onDone={() => onOpenChange(false)} />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <InputField id="api-token-name" name="name" label="Name" required autoComplete="off" autoFocus maxLength={API_TOKEN_NAME_MAX + 1} placeholder="Accounting sync" error={errors.name} />
          <EnumSelectField id="api-token-scope" name="scope" label="Access" defaultValue="read" values={apiTokenScopes} labels={apiTokenScopeMessages} />
          <Field id="api-token-lifetime" label="Expires after" error={errors.expiresInDays}>
            <NativeSelect id="api-token-lifetime" name="expiresInDays" defaultValue="90">
              {apiTokenLifetimesDays.map((days) => (
                <option key={days} value={days}>
                  {lifetimeLabel(days)}
                </option>
              ))}
              {isAdmin ? <option value={NEVER}>Never</option> : null}
            </NativeSelect>
          </Field>
          <DialogFormActions submitLabel="Make token" workingLabel="Making..." isSubmitting={create.isPending} />
        </form>
      )}
    </NewItemDialog>
  );
}

function MadeToken({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      toast.success("Token copied");
    } catch {
      toast.error("Could not copy: select the token and copy it yourself");
    }
  };
  return (
    <div className="space-y-4">
      <Field id="api-token-value" label={token.name}>
        <Input id="api-token-value" readOnly value={token.token} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
      </Field>
      <p className="text-sm text-muted-foreground">
        Send it as <code className="rounded bg-muted px-1">Authorization: Bearer …</code> with each request to the API.
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          Copy token
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
