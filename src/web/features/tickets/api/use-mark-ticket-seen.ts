import { useEffect, useRef } from "react";
import { api } from "@/web/lib/api";

/**
 * Tells the server once per opened ticket that the team has looked at it (the admin overview's
 * "new, not yet looked at" ends there). Admin screens only; the server ignores every call after the
 * first, so a failure is only logged and the next visit tries again.
 */
export function useMarkTicketSeen(ticketId: string | undefined) {
  const marked = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!ticketId || marked.current === ticketId) return;
    marked.current = ticketId;
    api.post("/tickets/:id/seen", { param: { id: ticketId } }).catch((error: unknown) => console.warn("Could not mark the ticket seen", error));
  }, [ticketId]);
}
