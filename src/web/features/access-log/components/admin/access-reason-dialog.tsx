import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ACCESS_REASON_MAX } from "@/shared/rules/access-log";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent } from "@/web/components/ui/dialog";
import { TextareaField } from "@/web/components/ui/field";
import { setAccessReasonAsker } from "@/web/lib/access-reason";

/**
 * REQUIRE_ACCESS_REASON (ADR 050): when the server asks why an admin opens a company's record, this
 * asks the admin, once for every read refused at that moment, and the reads go again with the
 * answer. Cancelling leaves them refused (the page shows its load error). Mounted by the admin layout.
 */
export function AccessReasonDialog() {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const answer = useRef<((reason: string | null) => void) | null>(null);
  const { t } = useLingui();

  useEffect(() => {
    setAccessReasonAsker(
      () =>
        new Promise<string | null>((resolve) => {
          answer.current = resolve;
          setReason("");
          setError(undefined);
          setOpen(true);
        }),
    );
    return () => setAccessReasonAsker(null);
  }, []);

  const finish = (given: string | null) => {
    setOpen(false);
    answer.current?.(given);
    answer.current = null;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setError(t`Say why you open this record`);
    if (trimmed.length > ACCESS_REASON_MAX) return setError(t`A reason is at most ${ACCESS_REASON_MAX} characters`);
    finish(trimmed);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : finish(null))}>
      <DialogContent title={t`Why are you opening this record?`} description={t`This company reads its access log: your reason is shown there with your name.`}>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <TextareaField id="access-reason" label={t`Reason`} value={reason} error={error} maxLength={ACCESS_REASON_MAX} onChange={(event) => setReason(event.target.value)} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => finish(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit">
              <Trans>Open record</Trans>
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
