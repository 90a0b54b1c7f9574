import { Trans } from "@lingui/react/macro";
import { Button } from "@/web/components/ui/button";

/** "Load earlier messages" at the top of a message log, while older messages exist. */
export function LoadEarlierButton({ loading, onClick, className }: { loading: boolean | undefined; onClick: () => void; className: string }) {
  return (
    <div className={`${className} flex justify-center`}>
      <Button variant="outline" size="sm" disabled={loading} onClick={onClick}>
        {loading ? <Trans>Loading...</Trans> : <Trans>Load earlier messages</Trans>}
      </Button>
    </div>
  );
}
