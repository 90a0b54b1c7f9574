import { PageHeader } from "../../../components/layout/page-header";
import { ConversationList } from "../../../features/admin-messages/components/conversation-list";
import { NewConversationForm } from "../../../features/admin-messages/components/new-conversation-form";

export function AdminMessagesRoute() {
  return (
    <div className="space-y-8">
      <PageHeader title="Customer Messages" description="Every customer's conversation with your team, latest activity first." />
      <NewConversationForm />
      <ConversationList />
    </div>
  );
}
