import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { PanelStates } from "@/web/components/layout/record-states";
import { useCompany } from "@/web/features/companies";
import { useReadOnVisit } from "@/web/features/notifications";
import { ApiError } from "@/web/lib/api";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { loadedMessages, useConversation } from "../../api/use-conversation";
import type { InboxConversation } from "../../api/use-inbox";
import { useMarkMessagesRead } from "../../api/use-mark-messages-read";
import { MessageLog } from "../message-log";
import { ReplyForm } from "./reply-form";

interface InboxThreadProps {
  companyId: string;
  /** The conversation's row in the list, when it is loaded there (its name and counts). */
  listed: InboxConversation | undefined;
  /** The list without this conversation open: the back control of the single-pane (phone) view. */
  backHref: string;
}

/**
 * The inbox's right pane: the open conversation, oldest first with earlier messages on demand, and
 * the reply box. The customers' messages are marked read once they are on screen, as the customer's
 * own chat does with the team's (spec section 4): opening the conversation and any customer message
 * that arrives while it is open. A company without messages yet opens empty, ready for the first.
 */
export function InboxThread({ companyId, listed, backHref }: InboxThreadProps) {
  const { t } = useLingui();
  const company = useCompany(companyId, { enabled: !listed });
  const name = listed?.company.name ?? company.data?.name;
  const conversation = useConversation({ companyId, enabled: true });
  useErrorToast(conversation.error, { log: "Failed to load the conversation", toast: t`Error fetching messages` });
  // Opening the conversation reads its notifications, even those of messages a colleague has read.
  useReadOnVisit("conversation", companyId);
  const messages = loadedMessages(conversation.data);
  useReadWhenShown(companyId, messages);
  const missing = [conversation.error, company.error].some((error) => error instanceof ApiError && error.status === 404);

  return (
    <section aria-labelledby="thread-heading" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-border p-3">
        <Button asChild variant="ghost" size="icon" className="shrink-0 md:hidden">
          <Link to={backHref} aria-label={t`Back to conversations`}>
            <ArrowLeft className="h-5 w-5" aria-hidden />
          </Link>
        </Button>
        <div className="min-w-0">
          <h2 id="thread-heading" className="truncate text-base font-semibold">
            {name ? (
              <Link
                to={`/admin/customers/${companyId}`}
                className="hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none max-sm:block max-sm:truncate max-sm:py-2.5"
              >
                {name}
              </Link>
            ) : (
              <Trans>Conversation</Trans>
            )}
          </h2>
          {listed ? (
            <p className="text-xs text-muted-foreground">
              <Plural value={listed.messageCount} one="# message" other="# messages" />
            </p>
          ) : null}
        </div>
      </header>
      {missing ? (
        <div className="p-3">
          <EmptyState title={t`Conversation not found`} description={t`No company has this conversation. Choose one from the list.`} />
        </div>
      ) : (
        <PanelStates query={conversation} failed={conversation.isError} loading={t`Loading messages`} loadError={t`Could not load the conversation.`} className="flex-1 p-3">
          <MessageLog
            key={companyId}
            label={name ? t`Messages with ${name}` : t`Messages`}
            messages={messages}
            earlier={conversation}
            empty={t`No messages yet. Write the first one below.`}
            senderOf={(message) => (message.sender?.isAdmin ? "team" : "customer")}
            compact
            className="min-h-0 flex-1 p-4 focus-visible:ring-inset"
          />
          {name ? (
            <div className="border-t border-border p-3">
              <ReplyForm key={companyId} companyId={companyId} companyName={name} />
            </div>
          ) : null}
        </PanelStates>
      )}
    </section>
  );
}

/** Marks the conversation's customer messages read once per newest unread one shown, so a failed or no-op call cannot loop with the refetch it causes. */
function useReadWhenShown(companyId: string, messages: ReturnType<typeof loadedMessages>) {
  const newestUnread = messages.findLast((message) => !message.sender?.isAdmin && !message.isRead)?.id;
  const markedFor = useRef<string | undefined>(undefined);
  const { mutate: markRead } = useMarkMessagesRead();
  useEffect(() => {
    if (!newestUnread || markedFor.current === newestUnread) return;
    markedFor.current = newestUnread;
    markRead({ companyId });
  }, [newestUnread, companyId, markRead]);
}
