import { PageHeader } from "@/web/components/layout/page-header";
import { ConversationPanel } from "@/web/features/messages/components/conversation-panel";

export function MessagesRoute() {
  return (
    <div>
      <PageHeader title="Messages" description="Questions, updates and anything else, straight to our team." />
      <ConversationPanel />
    </div>
  );
}
