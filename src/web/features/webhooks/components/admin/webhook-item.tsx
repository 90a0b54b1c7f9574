import { useState } from "react";
import { formatDateTime } from "@/shared/format";
import type { Webhook } from "@/shared/schemas/webhook";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { errorMessage, problemDetail } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useWebhookChanges } from "../../api/use-webhooks";
import { WebhookDeliveries } from "./webhook-deliveries";

/** One endpoint: where, what, whose, on or off (and why the server switched it off), and its actions. */
export function WebhookItem({ webhook, onSecret }: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const { update, rotate, remove } = useWebhookChanges();
  const [showDeliveries, setShowDeliveries] = useState(false);

  const toggle = async () => {
    try {
      await update.mutateAsync({ id: webhook.id, json: { enabled: !webhook.enabled } });
      toast.success(webhook.enabled ? "Webhook switched off" : "Webhook switched on");
    } catch (error) {
      toast.error("Could not change the webhook", { description: problemDetail(error) ?? "Try again" });
    }
  };

  return (
    <li className="space-y-3 p-4" aria-label={`Webhook ${webhook.url}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all">{webhook.url}</p>
          {webhook.description ? <p className="text-sm">{webhook.description}</p> : null}
          <p className="text-xs text-muted-foreground">
            {webhook.company ? `${webhook.company.name} only` : "Every company"} · registered {formatDateTime(webhook.createdAt)}
            {webhook.previousSecretExpiresAt ? ` · previous secret valid until ${formatDateTime(webhook.previousSecretExpiresAt)}` : ""}
          </p>
        </div>
        <Badge tone={webhook.enabled ? "green" : "neutral"}>{webhook.enabled ? "On" : "Off"}</Badge>
      </div>
      {webhook.disabledReason ? (
        <p role="status" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm">
          {webhook.disabledReason}. Switch it on to send its waiting deliveries.
        </p>
      ) : null}
      <ul className="flex flex-wrap gap-1" aria-label="Events">
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
          {showDeliveries ? "Hide deliveries" : "Deliveries"}
          <span className="sr-only"> {webhook.url}</span>
        </Button>
        <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => void toggle()}>
          {webhook.enabled ? "Switch off" : "Switch on"}
          <span className="sr-only"> {webhook.url}</span>
        </Button>
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline">
              Rotate secret<span className="sr-only"> {webhook.url}</span>
            </Button>
          }
          title="Rotate the secret?"
          description="A new secret is shown once. For 24 hours every delivery is signed with both the new and the current secret, so your receiver can switch over."
          confirmLabel="Rotate"
          workingLabel="Rotating..."
          onConfirm={async () => onSecret((await rotate.mutateAsync(webhook.id)).secret)}
          failureText={(error) => errorMessage(error, "Could not rotate the secret")}
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline">
              Delete<span className="sr-only"> {webhook.url}</span>
            </Button>
          }
          title="Delete this webhook?"
          description="Its deliveries and their log go with it. Nothing more is sent to this URL."
          confirmLabel="Delete"
          workingLabel="Deleting..."
          destructive
          onConfirm={async () => {
            await remove.mutateAsync(webhook.id);
            toast.success("Webhook deleted");
          }}
          failureText={(error) => errorMessage(error, "Could not delete the webhook")}
        />
      </div>
      {showDeliveries ? <WebhookDeliveries endpointId={webhook.id} /> : null}
    </li>
  );
}
