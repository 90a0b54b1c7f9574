import { useLayoutEffect, useRef, type ReactNode } from "react";
import type { Message } from "@/shared/schemas/message";
import { Button } from "@/web/components/ui/button";
import { MessageItem } from "./message-item";

interface MessageListProps {
  messages: Message[];
  /** The signed-in user: their messages are right-aligned. */
  userId: string;
  /** "Load earlier messages", when older ones exist. */
  onLoadEarlier?: (() => void) | undefined;
  loadingEarlier?: boolean;
  empty: ReactNode;
}

/** How close to the bottom still counts as "following the conversation". */
const STICKY_PX = 80;

/**
 * The scrolling message log. It opens at the newest message and follows new ones while the reader
 * is at the bottom (or sent the new one); loading earlier messages keeps the view where it was.
 */
export function MessageList({ messages, userId, onLoadEarlier, loadingEarlier, empty }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const fromBottom = useRef<number | null>(null);
  const newest = messages.at(-1);
  const oldestId = messages[0]?.id;
  const newestOwn = newest?.sender?.id === userId;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && (following.current || newestOwn)) element.scrollTop = element.scrollHeight;
  }, [newest?.id, newestOwn]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || fromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [oldestId]);

  const loadEarlier = () => {
    const element = scroller.current;
    if (element) fromBottom.current = element.scrollHeight - element.scrollTop;
    onLoadEarlier?.();
  };

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Messages"
      tabIndex={0}
      className="h-full overflow-y-auto px-6 py-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICKY_PX;
      }}
    >
      {onLoadEarlier ? (
        <div className="mb-4 flex justify-center">
          <Button variant="outline" size="sm" disabled={loadingEarlier} onClick={loadEarlier}>
            {loadingEarlier ? "Loading..." : "Load earlier messages"}
          </Button>
        </div>
      ) : null}
      {messages.length === 0 ? (
        <div className="flex h-full items-center justify-center text-center text-sm text-muted-foreground">{empty}</div>
      ) : (
        <ol className="space-y-4">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} own={message.sender?.id === userId} />
          ))}
        </ol>
      )}
    </div>
  );
}
