import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatDateTime } from "@/shared/format";
import type { Webhook } from "@/shared/schemas/webhook";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { errorMessage, shownProblemDetail } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useWebhookChanges } from "../../api/use-webhooks";
import { WebhookDeliveries } from "./webhook-deliveries";

/** One endpoint: where, what, whose, on or off (and why the server switched it off), and its actions. */
export function WebhookItem({ webhook, onSecret }: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const { update, rotate, remove } = useWebhookChanges();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const { t } = useLingui();
  const url = webhook.url;
  const companyName = webhook.company?.name;
  const registered = formatDateTime(webhook.createdAt);
  const secretUntil = webhook.previousSecretExpiresAt ? formatDateTime(webhook.previousSecretExpiresAt) : null;
  // The server words why it switched the endpoint off, in English (webhook-delivery.ts): the
  // reason it writes is read back into a whole message; any other is shown as it came.
  const reason = webhook.disabledReason;
  const failedAttempts = reason ? /^Switched off after a delivery failed (\d+) times over about a day$/.exec(reason)?.[1] : undefined;
  const disabledText = !reason
    ? null
    : failedAttempts
      ? t`Switched off after a delivery failed ${failedAttempts} times over about a day. Switch it on to send its waiting deliveries.`
      : t`${reason}. Switch it on to send its waiting deliveries.`;

  const toggle = async () => {
    try {
      await update.mutateAsync({ id: webhook.id, json: { enabled: !webhook.enabled } });
      toast.success(webhook.enabled ? t`Webhook switched off` : t`Webhook switched on`);
    } catch (error) {
      toast.error(t`Could not change the webhook`, { description: shownProblemDetail(error) ?? t`Try again` });
    }
  };

  return (
    <li className="space-y-3 p-4" aria-label={t`Webhook ${url}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all">{webhook.url}</p>
          {webhook.description ? <p className="text-sm">{webhook.description}</p> : null}
          <p className="text-xs text-muted-foreground">
            {companyName !== undefined ? t`${companyName} only` : t`Every company`} · {t`registered ${registered}`}
            {secretUntil ? ` · ${t`previous secret valid until ${secretUntil}`}` : ""}
          </p>
        </div>
        <Badge tone={webhook.enabled ? "green" : "neutral"}>{webhook.enabled ? t`On` : t`Off`}</Badge>
      </div>
      {disabledText ? (
        <p role="status" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm">
          {disabledText}
        </p>
      ) : null}
      <ul className="flex flex-wrap gap-1" aria-label={t`Events`}>
        {webhook.eventTypes.map((type) => (
          <li key={type}>
            <Badge tone="blue" className="font-mono font-normal">
              {type}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" aria-expanded={showDeliveries} onClick={() => setShowDeliveries(!showDeliveries)}>
          {showDeliveries ? t`Hide deliveries` : t`Deliveries`}
          <span className="sr-only"> {webhook.url}</span>
        </Button>
        <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => void toggle()}>
          {webhook.enabled ? t`Switch off` : t`Switch on`}
          <span className="sr-only"> {webhook.url}</span>
        </Button>
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline">
              <Trans>Rotate secret</Trans>
              <span className="sr-only"> {webhook.url}</span>
            </Button>
          }
          title={t`Rotate the secret?`}
          description={t`A new secret is shown once. For 24 hours every delivery is signed with both the new and the current secret, so your receiver can switch over.`}
          confirmLabel={t`Rotate`}
          workingLabel={t`Rotating...`}
          onConfirm={async () => onSecret((await rotate.mutateAsync(webhook.id)).secret)}
          failureText={(error) => errorMessage(error, t`Could not rotate the secret`)}
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline">
              <Trans>Delete</Trans>
              <span className="sr-only"> {webhook.url}</span>
            </Button>
          }
          title={t`Delete this webhook?`}
          description={t`Its deliveries and their log go with it. Nothing more is sent to this URL.`}
          confirmLabel={t`Delete`}
          workingLabel={t`Deleting...`}
          destructive
          onConfirm={async () => {
            await remove.mutateAsync(webhook.id);
            toast.success(t`Webhook deleted`);
          }}
          failureText={(error) => errorMessage(error, t`Could not delete the webhook`)}
        />
      </div>
      {showDeliveries ? <WebhookDeliveries endpointId={webhook.id} /> : null}
    </li>
  );
}
