import { HeadedPage } from "@/web/components/layout/page-header";
import { ConversationPanel } from "@/web/features/messages/components/conversation-panel";

export function MessagesRoute() {
  return (
    <HeadedPage title="Messages" description="Questions, updates and anything else, straight to our team.">
      <ConversationPanel />
    </HeadedPage>
  );
}
