import { PageHeader } from "@/web/components/layout/page-header";
import { ConversationList } from "@/web/features/messages/components/admin/conversation-list";
import { NewConversationForm } from "@/web/features/messages/components/admin/new-conversation-form";

export function AdminMessagesRoute() {
  return (
    <div className="space-y-8">
      <PageHeader title="Customer Messages" description="Every customer's conversation with your team, latest activity first." />
      <NewConversationForm />
      <ConversationList />
    </div>
  );
}
