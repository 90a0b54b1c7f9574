import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/** What a page can be opened to create (the admin's command palette: "New invoice", "New customer"). */
export type CreateRequest = "invoice" | "customer";

/** The navigation state that asks the page to open its New dialog at once. */
export const createOnArrival = (kind: CreateRequest) => ({ create: kind });

/**
 * Calls `open` once for each arrival that asked to create a `kind` (location state, not the URL,
 * so a link never opens a dialog), and clears the ask from the history entry: Back to the page
 * opens no dialog again.
 */
export function useCreateOnArrival(kind: CreateRequest, open: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = (location.state as { create?: string } | null)?.create === kind;
  const [answered, setAnswered] = useState<string | null>(null);
  if (asked && answered !== location.key) {
    setAnswered(location.key);
    open();
  }
  useEffect(() => {
    if (asked) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [asked, navigate, location.pathname, location.search]);
}
