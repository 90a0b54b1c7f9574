import { useLayoutEffect, useRef, type UIEvent } from "react";
import type { Message } from "@/shared/schemas/message";

/** How close to the bottom still counts as "following the conversation". */
const STICKY_PX = 80;

/**
 * The scrolling of a message log. It opens at the newest message and follows new ones while the
 * reader is at the bottom (or `follow` says to, as when the reader sent the new one); loading
 * earlier messages keeps the view where it was.
 */
export function useMessageLogScroll(messages: Message[], { follow = false }: { follow?: boolean } = {}) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const fromBottom = useRef<number | null>(null);
  const newestId = messages.at(-1)?.id;
  const oldestId = messages[0]?.id;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && (following.current || follow)) element.scrollTop = element.scrollHeight;
  }, [newestId, follow]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || fromBottom.current === null) return;
    // Earlier messages were added above: keep the view where it was.
    element.scrollTop = element.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [oldestId]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICKY_PX;
  };

  /** Call just before asking for earlier messages. */
  const keepPosition = () => {
    const element = scroller.current;
    if (element) fromBottom.current = element.scrollHeight - element.scrollTop;
  };

  return { scroller, onScroll, keepPosition };
}
