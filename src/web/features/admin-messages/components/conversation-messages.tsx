import { useLayoutEffect, useRef } from "react";
import type { Message } from "@/shared/schemas/message";
import { Button } from "@/web/components/ui/button";
import { MessageBubble } from "./message-bubble";

interface ConversationMessagesProps {
  label: string;
  messages: Message[];
  onLoadEarlier?: (() => void) | undefined;
  loadingEarlier?: boolean;
}

/** A card's scrolling message log, oldest first, opened at the newest message and following new ones. */
export function ConversationMessages({ label, messages, onLoadEarlier, loadingEarlier }: ConversationMessagesProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const fromBottom = useRef<number | null>(null);
  const newestId = messages.at(-1)?.id;
  const oldestId = messages[0]?.id;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || fromBottom.current === null) return;
    // Earlier messages were added above: keep the view where it was.
    element.scrollTop = element.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [oldestId]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={label}
      tabIndex={0}
      className="max-h-96 overflow-y-auto rounded-md border border-border p-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
      }}
    >
      {onLoadEarlier ? (
        <div className="mb-3 flex justify-center">
          <Button
            variant="outline"
            size="sm"
            disabled={loadingEarlier}
            onClick={() => {
              const element = scroller.current;
              if (element) fromBottom.current = element.scrollHeight - element.scrollTop;
              onLoadEarlier();
            }}
          >
            {loadingEarlier ? "Loading..." : "Load earlier messages"}
          </Button>
        </div>
      ) : null}
      <ol className="space-y-3">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </ol>
    </div>
  );
}
