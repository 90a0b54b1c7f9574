import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";

/* Fetched when the owner starts turning it on or off, never on a plain visit of the account page. */
const TwoFactorFlow = lazy(() => import("./two-factor-flows"));

/** The account page's "Two-factor sign-in": whether it is on, and the way to turn it on or off. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  // The flow, not `enabled`, decides what shows: confirming enrolment turns it on while the backup codes are still to be shown.
  const [flow, setFlow] = useState<"on" | "off">();
  const { t } = useLingui();
  return (
    <div className="space-y-4">
      <p className="text-sm">
        {enabled
          ? t`On: signing in asks for a code from your authenticator app after your password.`
          : t`Off: turn it on to ask for a code from an authenticator app after your password.`}
      </p>
      {flow ? (
        <Suspense fallback={<Spinner />}>
          <TwoFactorFlow flow={flow} onClose={() => setFlow(undefined)} />
        </Suspense>
      ) : (
        <Button variant={enabled ? "outline" : "default"} onClick={() => setFlow(enabled ? "off" : "on")}>
          {enabled ? <Trans>Turn off two-factor sign-in</Trans> : <Trans>Turn on two-factor sign-in</Trans>}
        </Button>
      )}
    </div>
  );
}
