import { Trans } from "@lingui/react/macro";
import { Button } from "@/web/components/ui/button";

/** The older pages of a message log's query (an infinite query, newest page first). */
export interface EarlierPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface LoadEarlierButtonProps {
  pages: EarlierPages;
  /** Runs before the older page is asked for: the log keeps the reader's place. */
  onLoad: () => void;
  className: string;
}

/** "Load earlier messages" at the top of a message log, while older messages exist. */
export function LoadEarlierButton({ pages, onLoad, className }: LoadEarlierButtonProps) {
  if (!pages.hasNextPage) return null;
  const loadEarlier = () => {
    onLoad();
    void pages.fetchNextPage();
  };
  return (
    <div className={`${className} flex justify-center`}>
      <Button variant="outline" size="sm" disabled={pages.isFetchingNextPage} onClick={loadEarlier}>
        {pages.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Load earlier messages</Trans>}
      </Button>
    </div>
  );
}
