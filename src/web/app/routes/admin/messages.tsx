import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { ConversationList } from "@/web/features/messages/components/admin/conversation-list";
import { NewConversationForm } from "@/web/features/messages/components/admin/new-conversation-form";

export function AdminMessagesRoute() {
  const { t } = useLingui();
  return (
    <div className="space-y-8">
      <PageHeader title={t`Customer Messages`} description={t`Every customer's conversation with your team, latest activity first.`} />
      <NewConversationForm />
      <ConversationList />
    </div>
  );
}
