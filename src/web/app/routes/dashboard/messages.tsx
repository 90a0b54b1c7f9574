import { useLingui } from "@lingui/react/macro";
import { HeadedPage } from "@/web/components/layout/page-header";
import { ConversationPanel } from "@/web/features/messages/components/conversation-panel";

export function MessagesRoute() {
  const { t } = useLingui();
  return (
    <HeadedPage title={t`Messages`} description={t`Questions, updates and anything else, straight to our team.`}>
      <ConversationPanel />
    </HeadedPage>
  );
}
