import { useCallback } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { ConversationOrder } from "@/shared/schemas/message";

export type InboxParams = { company: string; q: string; order: ConversationOrder };

/** `params` with `changes` applied: an empty value, or the default order, leaves its parameter out. */
function withChanges(params: URLSearchParams, changes: Partial<InboxParams>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value && !(key === "order" && value === "activity")) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The inbox's URL: `?company=` the open conversation (the overview and notifications link there), `q` the search, `order=unread`. */
export function useInboxParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const company = params.get("company") ?? "";
  const q = params.get("q")?.trim() ?? "";
  const order: ConversationOrder = params.get("order") === "unread" ? "unread" : "activity";

  /** The inbox's address with some of its parameters changed (empty removes one). */
  const hrefWith = useCallback(
    (changes: Partial<InboxParams>) => {
      const search = withChanges(params, changes).toString();
      return search ? `${pathname}?${search}` : pathname;
    },
    [params, pathname],
  );

  const update = useCallback(
    (changes: Partial<InboxParams>) =>
      setParams(
        (previous) => withChanges(previous, changes),
        // Typing a search should not leave one history entry per keystroke.
        { replace: changes.q !== undefined },
      ),
    [setParams],
  );

  return { company, q, order, hrefWith, update };
}
