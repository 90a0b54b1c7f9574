import { useState } from "react";
import { webhookDeliveryStatusLabels, type WebhookDeliveryStatus } from "@/shared/rules/webhooks";
import { formatDateTime } from "@/shared/format";
import type { WebhookDelivery } from "@/shared/schemas/webhook";
import { Badge, type BadgeTone } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { LoadError } from "@/web/components/ui/load-error";
import { Pagination } from "@/web/components/ui/pagination";
import { Spinner } from "@/web/components/ui/spinner";
import { problemDetail } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useWebhookChanges, useWebhookDeliveries } from "../../api/use-webhooks";

const tone: Record<WebhookDeliveryStatus, BadgeTone> = { pending: "yellow", delivered: "green", failed: "red" };

/** One endpoint's deliveries, newest first: each attempt's answer, and Resend. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page);
  if (deliveries.isPending) return <Spinner label="Loading deliveries" />;
  if (deliveries.isError) return <LoadError message="Error fetching deliveries" onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.items.length === 0) return <p className="text-sm text-muted-foreground">No deliveries yet: they appear here as events happen.</p>;
  return (
    <div>
      <ul className="divide-y divide-border rounded-md border border-border" aria-label="Deliveries">
        {deliveries.data.items.map((delivery) => (
          <DeliveryItem key={delivery.id} delivery={delivery} />
        ))}
      </ul>
      <Pagination data={deliveries.data} onPageChange={setPage} label="Delivery pages" />
    </div>
  );
}

function DeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  const { resend } = useWebhookChanges();
  const onResend = async () => {
    try {
      await resend.mutateAsync(delivery.id);
      toast.success("Delivery queued to be sent again");
    } catch (error) {
      toast.error("Could not resend the delivery", { description: problemDetail(error) ?? "Try again" });
    }
  };
  return (
    <li className="space-y-2 p-3" aria-label={`${delivery.eventType} delivery`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <span className="font-mono text-xs">{delivery.eventType}</span>
          <span className="text-muted-foreground"> · {formatDateTime(delivery.createdAt)}</span>
          {delivery.nextAttemptAt && delivery.attempts.length > 0 ? <span className="text-muted-foreground"> · next try {formatDateTime(delivery.nextAttemptAt)}</span> : null}
        </p>
        <div className="flex items-center gap-2">
          <Badge tone={tone[delivery.status]}>{webhookDeliveryStatusLabels[delivery.status]}</Badge>
          <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => void onResend()}>
            Resend<span className="sr-only"> {delivery.eventType} of {formatDateTime(delivery.createdAt)}</span>
          </Button>
        </div>
      </div>
      {delivery.attempts.length > 0 ? (
        <ol className="space-y-1 text-xs">
          {delivery.attempts.map((attempt, index) => (
            <li key={`${attempt.at}-${index}`} className="rounded bg-muted/50 p-2">
              <span className="font-medium">{attempt.statusCode ?? "No answer"}</span>
              <span className="text-muted-foreground">
                {" "}
                · {attempt.durationMs} ms · {formatDateTime(attempt.at)}
              </span>
              {attempt.error ? <p className="mt-1 break-all text-destructive">{attempt.error}</p> : null}
              {attempt.response ? <pre className="mt-1 max-h-32 overflow-auto break-all whitespace-pre-wrap">{attempt.response}</pre> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-xs text-muted-foreground">Not attempted yet.</p>
      )}
      <details>
        <summary className="cursor-pointer text-xs font-medium text-primary">Payload</summary>
        <pre className="mt-1 max-h-40 overflow-auto text-xs break-all whitespace-pre-wrap">{delivery.payload}</pre>
      </details>
    </li>
  );
}
