import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { toast } from "@/web/lib/toast";
import { useReadOnVisit } from "@/web/features/notifications";
import { Button } from "@/web/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { PanelStates } from "@/web/components/layout/record-states";
import { brandName } from "@/web/lib/brand";
import { useMe } from "@/web/lib/session";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { loadedMessages, useConversation } from "../api/use-conversation";
import { useMarkMessagesRead } from "../api/use-mark-messages-read";
import { useSendMessage, type OutgoingMessage } from "../api/use-send-message";
import { MessageComposer } from "./message-composer";
import { MessageLog } from "./message-log";

/** NO_COMPANY_FOR_MESSAGES of @/shared/rules/message, word for word, through the catalogue. */
const noCompanyForMessages = msg`You need to create your Company Profile before sending messages.`;

/** The customer's chat with the provider team, 600px high (spec section 9). */
export function ConversationPanel() {
  const { t, i18n } = useLingui();
  const me = useMe();
  const userId = me.data?.id ?? "";
  const hasCompany = !!me.data?.company;
  // Opening the chat reads its notifications, even those whose messages a colleague has read.
  useReadOnVisit("conversation", me.data?.company?.id);
  const conversation = useConversation({ enabled: hasCompany });
  // A failed load is only logged (spec section 8); the panel shows its own error state.
  useErrorToast(conversation.error, { log: "Failed to load messages" });
  const messages = loadedMessages(conversation.data);
  const send = useSendMessage();
  const markRead = useMarkMessagesRead();

  // Incoming messages are marked read once they are on screen (spec section 4): once per newest
  // unread message, so a failed or no-op call cannot loop with the refetch it triggers.
  const newestUnread = messages.findLast((message) => message.sender?.isAdmin && !message.isRead)?.id;
  const markedFor = useRef<string | undefined>(undefined);
  const { mutate: markMessagesRead } = markRead;
  useEffect(() => {
    if (!newestUnread || markedFor.current === newestUnread) return;
    markedFor.current = newestUnread;
    markMessagesRead({});
  }, [newestUnread, markMessagesRead]);

  const onSend = async (message: OutgoingMessage) => {
    try {
      return await send.mutateAsync(message);
    } catch (error) {
      console.error("Failed to send message", error);
      toast.error(t`Failed to send message`);
      throw error;
    }
  };

  return (
    <Card role="region" aria-labelledby="conversation-title" className="flex h-[600px] flex-col">
      <CardHeader className="border-b border-border">
        <CardTitle id="conversation-title">
          <Trans>Conversation</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Chat with the {brandName} team</Trans>
        </CardDescription>
      </CardHeader>
      <div className="min-h-0 flex-1">
        {!hasCompany ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-sm text-muted-foreground">
            <p>{i18n._(noCompanyForMessages)}</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/dashboard">
                <Trans>Go to Company Profile</Trans>
              </Link>
            </Button>
          </div>
        ) : (
          <PanelStates query={conversation} failed={conversation.isError} loading={t`Loading messages`} loadError={t`Could not load the conversation.`} className="h-full p-6">
            <MessageLog
              label={t`Messages`}
              messages={messages}
              earlier={conversation}
              empty={t`No messages yet. Start the conversation!`}
              senderOf={(message) => (message.sender?.id === userId ? "own" : "other")}
              // The reader's own message is followed even when they had scrolled up.
              follow={messages.at(-1)?.sender?.id === userId}
              className="h-full px-6 py-4"
            />
          </PanelStates>
        )}
      </div>
      <div className="border-t border-border p-4">
        <MessageComposer disabled={!hasCompany} onSend={onSend} />
      </div>
    </Card>
  );
}
