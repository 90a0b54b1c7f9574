import type { Message } from "@/shared/schemas/message";
import { cn } from "@/web/lib/cn";
import { useMessageLogScroll } from "../lib/use-message-log-scroll";
import { LoadEarlierButton, type EarlierPages } from "./load-earlier-button";
import { MessageBubble, type BubbleSender } from "./message-bubble";

interface MessageLogProps {
  /** The log's accessible name. */
  label: string;
  messages: Message[];
  /** "Load earlier messages", while older ones exist. */
  earlier: EarlierPages;
  /** Shown when the conversation has no messages yet. */
  empty: string;
  /** Which side each message sits on: the customer's chat says own or other, the inbox team or customer. */
  senderOf: (message: Message) => BubbleSender;
  /** Scroll to the newest message even when the reader had scrolled up (they just sent it). */
  follow?: boolean;
  /** The admin inbox's denser log: smaller avatars, closer rows. */
  compact?: boolean;
  /** The box's size and padding, which each chat sets for its own panel. */
  className: string;
}

/** A chat's scrolling message log, oldest first, with earlier messages on demand; focusable, so it scrolls from the keyboard. */
export function MessageLog({ label, messages, earlier, empty, senderOf, follow = false, compact = false, className }: MessageLogProps) {
  const { scroller, onScroll, keepPosition } = useMessageLogScroll(messages, { follow });

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={label}
      tabIndex={0}
      className={cn("overflow-y-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none", className)}
      onScroll={onScroll}
    >
      <LoadEarlierButton className={compact ? "mb-3" : "mb-4"} pages={earlier} onLoad={keepPosition} />
      {messages.length === 0 ? (
        <p className="flex h-full items-center justify-center text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ol className={compact ? "space-y-3" : "space-y-4"}>
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} sender={senderOf(message)} compact={compact} />
          ))}
        </ol>
      )}
    </div>
  );
}
