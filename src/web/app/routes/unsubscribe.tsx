import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/web/components/ui/button";
import { BrandCardPage } from "@/web/components/layout/brand-card-page";
import { LoadError } from "@/web/components/ui/load-error";
import { PageSpinner } from "@/web/components/ui/spinner";
import { useUnsubscribe, useUnsubscribeLink } from "@/web/features/notifications/api/use-unsubscribe-link";
import { ApiError, errorMessage } from "@/web/lib/api";
import { notificationKindMessages } from "@/web/lib/i18n/labels";
import { translateKnown } from "@/web/lib/i18n/known-messages";
import { ProblemBlock } from "@/web/components/ui/problem-box";

const INVALID_LINK = msg`This unsubscribe link is not valid. Open the latest email again, or choose your email notifications on your account page.`;

/**
 * Where a notification mail's unsubscribe link lands (`/unsubscribe?token=…`), signed in or out:
 * it says which mail the link turns off and does so only on the button, so a mail scanner that
 * fetches the link changes nothing.
 */
export function UnsubscribeRoute() {
  const token = useSearchParams()[0].get("token") ?? "";
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);
  const { t, i18n } = useLingui();

  let title = t`Unsubscribe`;
  let content: ReactNode;
  if (!token || (link.error instanceof ApiError && link.error.status === 400)) {
    content = <Problem message={i18n._(INVALID_LINK)} />;
  } else if (link.isError) {
    content = <LoadError message={t`Could not load this unsubscribe link.`} onRetry={() => void link.refetch()} />;
  } else if (link.isPending) {
    content = <PageSpinner />;
  } else if (unsubscribe.isSuccess || link.data.delivery === "off") {
    // The kind's label in the reader's language (the answer's `label` is the server's English).
    const label = i18n._(notificationKindMessages[(unsubscribe.data ?? link.data).kind]);
    title = t`Unsubscribed`;
    content = (
      <div role="status" className="space-y-3 text-sm">
        <p>
          <Trans>You will no longer get emails about {label}. Change this any time on your account page.</Trans>
        </p>
        <Link to="/" className="inline-block font-medium text-primary underline hover:text-primary/80">
          <Trans>Go to the portal</Trans>
        </Link>
      </div>
    );
  } else {
    const label = i18n._(notificationKindMessages[link.data.kind]);
    title = t`Stop emails about ${label}?`;
    content = (
      <div className="space-y-4">
        {unsubscribe.isError ? <Problem message={errorMessage(unsubscribe.error, t`Could not unsubscribe. Please try again.`)} /> : null}
        <Button className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {unsubscribe.isPending ? t`Unsubscribing...` : t`Unsubscribe`}
        </Button>
      </div>
    );
  }

  return <BrandCardPage heading={<h1 className="text-xl font-semibold">{title}</h1>}>{content}</BrandCardPage>;
}

function Problem({ message }: { message: string }) {
  return (
    <ProblemBlock>
      <p>{translateKnown(message)}</p>
    </ProblemBlock>
  );
}
