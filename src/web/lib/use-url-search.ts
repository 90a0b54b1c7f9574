import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * A search kept in the URL (`q`), as useListParams keeps an admin list's, without the pager: a
 * new search replaces the history entry rather than adding one per keystroke.
 */
export function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  const setQuery = useCallback(
    (next: string) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next.trim()) updated.set("q", next.trim());
          else updated.delete("q");
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { q, setQuery };
}
