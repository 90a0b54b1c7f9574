import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { WebhookDeliveryStatus } from "@/shared/rules/webhooks";
import { formatDateTime } from "@/shared/format";
import type { WebhookDelivery } from "@/shared/schemas/webhook";
import { Badge, type BadgeTone } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { LoadError } from "@/web/components/ui/load-error";
import { Pagination } from "@/web/components/ui/pagination";
import { Spinner } from "@/web/components/ui/spinner";
import { shownProblemDetail } from "@/web/lib/api";
import { webhookDeliveryStatusMessages } from "@/web/lib/i18n/admin-labels";
import { toast } from "@/web/lib/toast";
import { useWebhookChanges, useWebhookDeliveries } from "../../api/use-webhooks";

const tone: Record<WebhookDeliveryStatus, BadgeTone> = { pending: "yellow", delivered: "green", failed: "red" };

/** One endpoint's deliveries, newest first: each attempt's answer, and Resend. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const { t } = useLingui();
  if (deliveries.isPending) return <Spinner label={t`Loading deliveries`} />;
  if (deliveries.isError) return <LoadError message={t`Error fetching deliveries`} onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.items.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No deliveries yet: they appear here as events happen.</Trans>
      </p>
    );
  return (
    <div>
      <ul className="divide-y divide-border rounded-md border border-border" aria-label={t`Deliveries`}>
        {deliveries.data.items.map((delivery) => (
          <DeliveryItem key={delivery.id} delivery={delivery} />
        ))}
      </ul>
      <Pagination data={deliveries.data} onPageChange={setPage} label={t`Delivery pages`} />
    </div>
  );
}

function DeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  const { resend } = useWebhookChanges();
  const { t, i18n } = useLingui();
  const eventType = delivery.eventType;
  const created = formatDateTime(delivery.createdAt);
  const nextTry = delivery.nextAttemptAt && delivery.attempts.length > 0 ? formatDateTime(delivery.nextAttemptAt) : null;
  const onResend = async () => {
    try {
      await resend.mutateAsync(delivery.id);
      toast.success(t`Delivery queued to be sent again`);
    } catch (error) {
      toast.error(t`Could not resend the delivery`, { description: shownProblemDetail(error) ?? t`Try again` });
    }
  };
  return (
    <li className="space-y-2 p-3" aria-label={t`${eventType} delivery`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <span className="font-mono text-xs">{delivery.eventType}</span>
          <span className="text-muted-foreground"> · {created}</span>
          {nextTry ? <span className="text-muted-foreground"> · {t`next try ${nextTry}`}</span> : null}
        </p>
        <div className="flex items-center gap-2">
          <Badge tone={tone[delivery.status]}>{i18n._(webhookDeliveryStatusMessages[delivery.status])}</Badge>
          <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => void onResend()}>
            <Trans>Resend</Trans>
            <span className="sr-only"> {t`${eventType} of ${created}`}</span>
          </Button>
        </div>
      </div>
      {delivery.attempts.length > 0 ? (
        <ol className="space-y-1 text-xs">
          {delivery.attempts.map((attempt, index) => {
            const duration = attempt.durationMs;
            return (
              <li key={`${attempt.at}-${index}`} className="rounded bg-muted/50 p-2">
                <span className="font-medium">{attempt.statusCode ?? t`No answer`}</span>
                <span className="text-muted-foreground">
                  {" "}
                  · {t`${duration} ms`} · {formatDateTime(attempt.at)}
                </span>
                {attempt.error ? <p className="mt-1 break-all text-destructive">{attempt.error}</p> : null}
                {attempt.response ? <pre className="mt-1 max-h-32 overflow-auto break-all whitespace-pre-wrap">{attempt.response}</pre> : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-xs text-muted-foreground">
          <Trans>Not attempted yet.</Trans>
        </p>
      )}
      <details>
        <summary className="cursor-pointer text-xs font-medium text-primary max-sm:flex max-sm:min-h-11 max-sm:items-center pointer-coarse:flex pointer-coarse:min-h-11 pointer-coarse:items-center">
          <Trans>Payload</Trans>
        </summary>
        <pre className="mt-1 max-h-40 overflow-auto text-xs break-all whitespace-pre-wrap">{delivery.payload}</pre>
      </details>
    </li>
  );
}
