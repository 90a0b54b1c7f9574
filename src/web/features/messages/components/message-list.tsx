import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { Message } from "@/shared/schemas/message";
import { useMessageLogScroll } from "../lib/use-message-log-scroll";
import { LoadEarlierButton, type EarlierPages } from "./load-earlier-button";
import { MessageBubble } from "./message-bubble";

interface MessageListProps {
  messages: Message[];
  /** The signed-in user: their messages are right-aligned. */
  userId: string;
  /** "Load earlier messages", while older ones exist. */
  earlier: EarlierPages;
  empty: ReactNode;
}

/** The customer's scrolling message log; it also follows a message the reader just sent. */
export function MessageList({ messages, userId, earlier, empty }: MessageListProps) {
  const { t } = useLingui();
  const newestOwn = messages.at(-1)?.sender?.id === userId;
  const { scroller, onScroll, keepPosition } = useMessageLogScroll(messages, { follow: newestOwn });

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={t`Messages`}
      tabIndex={0}
      className="h-full overflow-y-auto px-6 py-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      onScroll={onScroll}
    >
      <LoadEarlierButton className="mb-4" pages={earlier} onLoad={keepPosition} />
      {messages.length === 0 ? (
        <div className="flex h-full items-center justify-center text-center text-sm text-muted-foreground">{empty}</div>
      ) : (
        <ol className="space-y-4">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} sender={message.sender?.id === userId ? "own" : "other"} />
          ))}
        </ol>
      )}
    </div>
  );
}
