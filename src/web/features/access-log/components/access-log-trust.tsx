import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/web/components/ui/button";
import { useAccessLogPublicKey, useVerifyAccessLog } from "../api/use-access-log";

/**
 * How to trust the log (ADR 050): each entry is chained to the one before by its SHA-256, which
 * the server checks on request, and the signed export verifies offline with this public key.
 */
export function AccessLogTrust() {
  const key = useAccessLogPublicKey();
  const verify = useVerifyAccessLog();
  const { t } = useLingui();
  const verdict = verify.data;
  return (
    <section aria-label={t`Tamper evidence`} className="space-y-3 rounded-lg border border-border p-4 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" data-testid="access-log-verify" disabled={verify.isPending} onClick={() => verify.mutate()}>
          <Trans>Check the chain</Trans>
        </Button>
        <span role="status" data-testid="access-log-verdict" data-intact={verdict === undefined ? undefined : String(verdict.intact)}>
          {verdict === undefined
            ? verify.isError
              ? t`The check could not run. Try again.`
              : ""
            : verdict.intact
              ? t`Intact: all ${verdict.checked} entries link up.`
              : t`Broken at entry ${verdict.firstBroken?.seq ?? ""}: tell us at once.`}
        </span>
      </div>
      <p className="text-muted-foreground">
        <Trans>The signed JSON export ends with an Ed25519 signature of the SHA-256 of the lines before it. Verify it with this public key:</Trans>
      </p>
      {key.data ? (
        <div className="space-y-1">
          <p>
            <Trans>Fingerprint (SHA-256):</Trans> <code className="break-all font-mono text-xs">{key.data.fingerprint}</code>
          </p>
          <pre data-testid="access-log-public-key" className="overflow-x-auto rounded bg-muted p-2 font-mono text-xs">
            {key.data.publicKeyPem}
          </pre>
        </div>
      ) : null}
    </section>
  );
}
