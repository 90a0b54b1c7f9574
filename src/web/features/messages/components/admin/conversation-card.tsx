import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "@/shared/format";
import type { Conversation } from "@/shared/schemas/message";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader } from "@/web/components/ui/card";
import { markReadQuietly } from "@/web/features/notifications";
import { cn } from "@/web/lib/cn";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { loadedMessages, useConversation } from "../../api/use-conversation";
import { useMarkMessagesRead } from "../../api/use-mark-messages-read";
import { ConversationMessages } from "./conversation-messages";
import { ReplyForm } from "./reply-form";

/**
 * One company's conversation: its newest messages oldest first (the whole conversation on demand),
 * the count of customer messages the team has not read, and the reply box. Opening the whole
 * conversation, "Mark as read" and replying clear the unread count. A `highlighted` card (a
 * notification's link named its company) is scrolled to and focused once, and its notifications read.
 */
export function ConversationCard({ conversation, highlighted = false }: { conversation: Conversation; highlighted?: boolean }) {
  const { company, unreadCount, messageCount, recentMessages, lastMessageAt } = conversation;
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const full = useConversation({ companyId: company.id, enabled: open });
  useErrorToast(full.error, { log: "Failed to load the conversation", toast: t`Error fetching messages` });
  const markRead = useMarkMessagesRead();
  const headingId = `conversation-${company.id}`;
  const messages = open && full.data ? loadedMessages(full.data) : recentMessages;
  const hidden = messageCount - recentMessages.length;
  const card = useRef<HTMLDivElement>(null);
  const client = useQueryClient();
  const companyName = company.name;
  const lastActivity = formatDateTime(lastMessageAt);

  useEffect(() => {
    if (!highlighted) return;
    card.current?.scrollIntoView({ block: "start" });
    card.current?.focus({ preventScroll: true });
    void markReadQuietly(client, { subject: { type: "conversation", id: company.id } });
  }, [highlighted, client, company.id]);

  const openAll = () => {
    setOpen(true);
    if (unreadCount > 0) markRead.mutate({ companyId: company.id });
  };

  return (
    <Card
      ref={card}
      role="article"
      aria-labelledby={headingId}
      aria-current={highlighted || undefined}
      tabIndex={highlighted ? -1 : undefined}
      className={cn("scroll-mt-20", highlighted && "ring-2 ring-primary focus-visible:outline-none")}
    >
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg leading-tight font-semibold">
              <Link to={`/admin/customers/${company.id}`} className="hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                {company.name}
              </Link>
            </h2>
            <p className="mt-1 text-xs text-muted-foreground">
              <Trans>
                <Plural value={messageCount} one="# message" other="# messages" /> · Last activity <time dateTime={lastMessageAt}>{lastActivity}</time>
              </Trans>
            </p>
          </div>
          <div className="flex items-center gap-2">
            {unreadCount > 0 ? (
              <>
                <Badge tone="red" data-testid="unread-count">
                  <Trans>{unreadCount} unread</Trans>
                </Badge>
                <Button variant="outline" size="sm" disabled={markRead.isPending} onClick={() => markRead.mutate({ companyId: company.id })}>
                  <CheckCheck className="h-4 w-4" aria-hidden />
                  <Trans>Mark as read</Trans>
                </Button>
              </>
            ) : null}
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {!open && hidden > 0 ? (
          <div className="flex justify-center">
            <Button variant="outline" size="sm" onClick={openAll}>
              <Trans>Show all {messageCount} messages</Trans>
            </Button>
          </div>
        ) : null}
        <ConversationMessages
          label={t`Messages with ${companyName}`}
          messages={messages}
          onLoadEarlier={open && full.hasNextPage ? () => void full.fetchNextPage() : undefined}
          loadingEarlier={full.isFetchingNextPage}
        />
        <ReplyForm companyId={company.id} companyName={company.name} />
      </CardContent>
    </Card>
  );
}
