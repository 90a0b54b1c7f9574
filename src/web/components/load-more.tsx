import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, type RefObject } from "react";
import { Button } from "./ui/button";

interface LoadMoreProps {
  /** From useInfiniteQuery. */
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  /** The scroll area the list is in; the window when not given. */
  scrollArea?: RefObject<HTMLElement | null>;
}

/**
 * The end of a list that continues on the server: the next page loads as this comes into view,
 * or on "Show more" (keyboards, and again after a failed load, which does not retry by itself).
 */
export function LoadMore({ query, scrollArea }: LoadMoreProps) {
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const { t } = useLingui();

  // Observed afresh after each page: a list still too short to scroll then asks for the next one.
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || isFetchingNextPage || isFetchNextPageError || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root: scrollArea?.current ?? null, rootMargin: "200px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, scrollArea]);

  const showMore = () => {
    // A second call while a page is on its way would cancel it and ask again.
    if (!isFetchingNextPage) void fetchNextPage();
  };
  if (!hasNextPage) return null;
  // Never the browser's scroll anchor: anchored to the button (in view after a click on it), the
  // view would follow it down past each new page, keep it in view, and load page after page.
  return (
    <div ref={end} className="flex justify-center py-2 [overflow-anchor:none]">
      <Button variant="outline" size="sm" aria-busy={isFetchingNextPage} onClick={showMore}>
        {isFetchingNextPage ? t`Loading...` : t`Show more`}
      </Button>
    </div>
  );
}
