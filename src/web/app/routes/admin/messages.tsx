import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { Inbox } from "@/web/features/messages/components/admin/inbox";

export function AdminMessagesRoute() {
  const { t } = useLingui();
  return (
    <div className="space-y-8">
      <PageHeader title={t`Customer Messages`} description={t`Every customer's conversation with your team, newest or unread first.`} />
      <Inbox />
    </div>
  );
}
