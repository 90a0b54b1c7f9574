import { useCallback, useRef } from "react";
import { newMessageId } from "./new-message-id";

/**
 * The id of the message being sent: the same recipient and text keep their id until a send
 * succeeds, so trying again after a failure whose answer was lost cannot store the message twice.
 */
export function useOutgoingId() {
  const last = useRef<{ key: string; id: string } | null>(null);
  /** `parts` say what makes a message "the same": its text, and for an admin the company too. */
  const idFor = useCallback((...parts: string[]) => {
    const key = parts.join("\n");
    if (last.current?.key !== key) last.current = { key, id: newMessageId() };
    return last.current.id;
  }, []);
  const sent = useCallback(() => {
    last.current = null;
  }, []);
  return { idFor, sent };
}
