import { useCallback, useRef } from "react";
import { newMessageId } from "./message-id";

/**
 * The id of the message being sent: the same company and text keep their id until a send succeeds,
 * so trying again after a failure whose answer was lost cannot store the message twice.
 */
export function useOutgoingId() {
  const last = useRef<{ key: string; id: string } | null>(null);
  const idFor = useCallback((companyId: string, content: string) => {
    const key = `${companyId}\n${content}`;
    if (last.current?.key !== key) last.current = { key, id: newMessageId() };
    return last.current.id;
  }, []);
  const sent = useCallback(() => {
    last.current = null;
  }, []);
  return { idFor, sent };
}
