import { WebhooksPage } from "@/web/features/webhooks/components/admin/webhooks-page";

export function AdminWebhooksRoute() {
  return <WebhooksPage />;
}
