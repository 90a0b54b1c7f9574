import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { translateKnown } from "@/web/lib/i18n/known-messages";
import { ProblemBlock } from "@/web/components/ui/problem-box";

/** A reset link that cannot work (used, expired, cut short): say so and offer a new one. */
export function AskForNewLink({ message }: { message: string }) {
  return (
    <ProblemBlock>
      <p>{translateKnown(message)}</p>
      <Link to="/auth?forgot" className="mt-1 inline-block font-medium text-primary underline hover:text-primary/80">
        <Trans>Ask for a new link</Trans>
      </Link>
    </ProblemBlock>
  );
}
