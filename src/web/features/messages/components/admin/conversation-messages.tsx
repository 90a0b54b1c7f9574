import { Trans } from "@lingui/react/macro";
import type { Message } from "@/shared/schemas/message";
import { Button } from "@/web/components/ui/button";
import { useMessageLogScroll } from "../../lib/use-message-log-scroll";
import { MessageBubble } from "../message-bubble";

interface ConversationMessagesProps {
  label: string;
  messages: Message[];
  onLoadEarlier?: (() => void) | undefined;
  loadingEarlier?: boolean;
}

/** A conversation card's scrolling message log: the provider team's messages on the right, the customer's on the left. */
export function ConversationMessages({ label, messages, onLoadEarlier, loadingEarlier }: ConversationMessagesProps) {
  const { scroller, onScroll, keepPosition } = useMessageLogScroll(messages);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={label}
      tabIndex={0}
      className="max-h-96 overflow-y-auto rounded-md border border-border p-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      onScroll={onScroll}
    >
      {onLoadEarlier ? (
        <div className="mb-3 flex justify-center">
          <Button
            variant="outline"
            size="sm"
            disabled={loadingEarlier}
            onClick={() => {
              keepPosition();
              onLoadEarlier();
            }}
          >
            {loadingEarlier ? <Trans>Loading...</Trans> : <Trans>Load earlier messages</Trans>}
          </Button>
        </div>
      ) : null}
      <ol className="space-y-3">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} sender={message.sender?.isAdmin ? "team" : "customer"} compact />
        ))}
      </ol>
    </div>
  );
}
