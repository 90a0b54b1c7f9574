import { useLingui } from "@lingui/react/macro";
import { Webhook as WebhookIcon } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "@/web/components/layout/page-header";
import { EmptyState } from "@/web/components/ui/empty-state";
import { LoadError } from "@/web/components/ui/load-error";
import { PageSpinner } from "@/web/components/ui/spinner";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useWebhookChanges, useWebhooks } from "../../api/use-webhooks";
import { RegisterWebhookDialog } from "./register-webhook-dialog";
import { SecretDialog } from "./secret-dialog";
import { WebhookItem } from "./webhook-item";

/** The admins' webhooks (ADR 031): every endpoint with its deliveries, and the form to register one. */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  const { create } = useWebhookChanges();
  const [secret, setSecret] = useState<string | null>(null);
  const { t } = useLingui();
  useErrorToast(webhooks.error, { log: "Failed to load webhooks", toast: t`Error fetching webhooks` });

  return (
    <>
      <PageHeader
        title={t`Webhooks`}
        description={t`Your systems hear of tickets, messages, projects, invoices, companies and members as they happen: signed POSTs, retried for about a day.`}
        actions={<RegisterWebhookDialog register={(input) => create.mutateAsync(input)} onRegistered={setSecret} />}
      />
      {webhooks.isPending ? (
        <PageSpinner />
      ) : webhooks.isError ? (
        <LoadError message={t`Error fetching webhooks`} onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.length === 0 ? (
        <EmptyState icon={<WebhookIcon className="h-10 w-10 text-muted-foreground" aria-hidden />} title={t`No webhooks yet`} description={t`Register an endpoint to have events sent to it.`} />
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-background">
          {webhooks.data.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} onSecret={setSecret} />
          ))}
        </ul>
      )}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
