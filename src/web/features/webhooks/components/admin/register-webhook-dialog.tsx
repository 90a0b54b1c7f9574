import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { webhookEventTypes, type WebhookEventType } from "@/shared/rules/webhooks";
import { CompanySelect } from "@/web/features/companies";
import { DialogFormActions, NewItemDialog } from "@/web/components/new-item-dialog";
import { Field, InputField } from "@/web/components/ui/field";
import { ApiError, shownProblemDetail } from "@/web/lib/api";
import { webhookEventMessages } from "@/web/lib/i18n/admin-labels";
import { toast } from "@/web/lib/toast";

type Errors = Partial<Record<"url" | "eventTypes" | "companyId", string>>;

interface RegisterWebhookDialogProps {
  register: (input: { url: string; description: string; eventTypes: WebhookEventType[]; companyId: string | null; enabled: boolean }) => Promise<{ secret: string }>;
  /** The new endpoint's secret, for the dialog that shows it once. */
  onRegistered: (secret: string) => void;
}

/**
 * Registers an endpoint: its URL, a description, the events it gets, optionally one company, on or
 * off. The server checks the URL (an internal address needs WEBHOOK_ALLOW_PRIVATE) and says why
 * under the field. Uncontrolled inputs: the content mounts blank at every opening.
 */
export function RegisterWebhookDialog({ register, onRegistered }: RegisterWebhookDialogProps) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [companyId, setCompanyId] = useState("");
  const [isSubmitting, setSubmitting] = useState(false);
  const { t, i18n } = useLingui();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setErrors({});
    setCompanyId("");
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const data = new FormData(event.currentTarget);
    const url = String(data.get("url") ?? "").trim();
    const eventTypes = data.getAll("eventTypes").map(String) as WebhookEventType[];
    const checked: Errors = {};
    if (!url) checked.url = t`Enter the endpoint's URL`;
    if (eventTypes.length === 0) checked.eventTypes = t`Choose at least one event`;
    setErrors(checked);
    if (Object.keys(checked).length > 0) return;
    setSubmitting(true);
    try {
      const created = await register({ url, description: String(data.get("description") ?? ""), eventTypes, companyId: companyId || null, enabled: data.get("enabled") === "on" });
      onOpenChange(false);
      toast.success(t`Webhook registered`);
      onRegistered(created.secret);
    } catch (failure) {
      const fields = failure instanceof ApiError ? (failure.problem?.errors ?? []) : [];
      const shown: Errors = {};
      for (const problem of fields) {
        const name = problem.field.split(".")[0] as keyof Errors;
        if (name === "url" || name === "eventTypes" || name === "companyId") shown[name] ??= problem.message;
      }
      setErrors(shown);
      if (Object.keys(shown).length === 0) toast.error(t`Could not register the webhook`, { description: shownProblemDetail(failure) ?? t`Try again` });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <NewItemDialog trigger={t`Register webhook`}
      title={t`Register webhook`}
      description={t`Portico POSTs each chosen event to this URL, signed with a secret shown once.`} open={open} onOpenChange={onOpenChange}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <InputField id="webhook-url" name="url" label={t`URL`} required type="url" placeholder="https://example.com/portico-webhooks" autoComplete="off" autoFocus error={errors.url} />
        <InputField id="webhook-description" name="description" label={t`Description`} autoComplete="off" />
        <fieldset className="space-y-1.5" aria-describedby={errors.eventTypes ? "webhook-events-error" : undefined}>
          <legend className="text-sm font-medium">
            <Trans>Events *</Trans>
          </legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {webhookEventTypes.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm" title={i18n._(webhookEventMessages[type])}>
                <input type="checkbox" name="eventTypes" value={type} className="mt-1" />
                <span className="font-mono text-xs leading-6">{type}</span>
              </label>
            ))}
          </div>
          {errors.eventTypes ? (
            <p id="webhook-events-error" role="alert" className="text-sm text-destructive">
              {errors.eventTypes}
            </p>
          ) : null}
        </fieldset>
        <Field id="webhook-company" label={t`Only one company's events (leave empty for every company)`} error={errors.companyId}>
          <CompanySelect id="webhook-company" value={companyId} onChange={setCompanyId} enabled={open} invalid={!!errors.companyId} />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="enabled" defaultChecked />
          <Trans>On</Trans>
        </label>
        <DialogFormActions submitLabel={t`Register`} workingLabel={t`Registering...`} isSubmitting={isSubmitting} />
      </form>
    </NewItemDialog>
  );
}
