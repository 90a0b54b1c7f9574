import type { Message } from "@/shared/schemas/message";
import { cn } from "@/web/lib/cn";
import { useMessageLogScroll } from "../../lib/use-message-log-scroll";
import { LoadEarlierButton, type EarlierPages } from "../load-earlier-button";
import { MessageBubble } from "../message-bubble";

interface ConversationMessagesProps {
  label: string;
  messages: Message[];
  /** "Load earlier messages", while older ones exist. */
  earlier: EarlierPages;
  /** Shown when the conversation has no messages yet. */
  empty: string;
  className?: string;
}

/** The admin inbox's scrolling message log: the provider team's messages on the right, the customer's on the left. */
export function ConversationMessages({ label, messages, earlier, empty, className }: ConversationMessagesProps) {
  const { scroller, onScroll, keepPosition } = useMessageLogScroll(messages);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "overflow-y-auto rounded-md border border-border p-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset",
        className,
      )}
      onScroll={onScroll}
    >
      <LoadEarlierButton className="mb-3" pages={earlier} onLoad={keepPosition} />
      {messages.length === 0 ? (
        <p className="flex h-full items-center justify-center text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ol className="space-y-3">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} sender={message.sender?.isAdmin ? "team" : "customer"} compact />
          ))}
        </ol>
      )}
    </div>
  );
}
