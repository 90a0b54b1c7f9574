import { Trans, useLingui } from "@lingui/react/macro";
import { Pause, Play, Square } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import type { RecurringInvoiceDetail } from "../../api/use-recurring-invoices";
import { useChangeRecurringInvoice } from "../../api/use-recurring-writes";
import { actionsFor } from "../../lib/recurring-actions";

/**
 * Pause (an active schedule), Resume (a paused one) and End (either, confirmed: it is for good);
 * an ended schedule offers none. Each answer replaces the page's schedule at once.
 */
export function RecurringActions({ recurring }: { recurring: RecurringInvoiceDetail }) {
  const { t } = useLingui();
  const change = useChangeRecurringInvoice();
  const [working, setWorking] = useState(false);
  const allowed = actionsFor(recurring.status);
  const company = recurring.company.name;
  if (allowed.length === 0) return null;

  const run = async (action: "pause" | "resume") => {
    setWorking(true);
    try {
      await change.mutateAsync({ id: recurring.id, action });
      toast.success(action === "pause" ? t`Recurring invoice paused` : t`Recurring invoice resumed`);
    } catch (error) {
      console.error(`Error changing recurring invoice (${action})`, error);
      toast.error(errorMessage(error, action === "pause" ? t`Error pausing recurring invoice` : t`Error resuming recurring invoice`));
    } finally {
      setWorking(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t`Recurring invoice actions`}>
      {allowed.includes("pause") ? (
        <Button variant="outline" size="sm" disabled={working} onClick={() => void run("pause")}>
          <Pause className="h-4 w-4" aria-hidden />
          <Trans>Pause</Trans>
        </Button>
      ) : null}
      {allowed.includes("resume") ? (
        <Button size="sm" disabled={working} onClick={() => void run("resume")}>
          <Play className="h-4 w-4" aria-hidden />
          <Trans>Resume</Trans>
        </Button>
      ) : null}
      {allowed.includes("end") ? (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" disabled={working}>
              <Square className="h-4 w-4" aria-hidden />
              <Trans context="recurring invoice action">End</Trans>
            </Button>
          }
          destructive
          title={t`End the recurring invoice for ${company}?`}
          description={t`No further invoice is issued. The invoices it issued stay as they are. An ended schedule cannot be resumed.`}
          confirmLabel={t`End schedule`}
          workingLabel={t`Ending...`}
          failureText={(error) => errorMessage(error, t`Error ending recurring invoice`)}
          onConfirm={async () => {
            await change.mutateAsync({ id: recurring.id, action: "end" });
            toast.success(t`Recurring invoice ended`);
          }}
        />
      ) : null}
    </div>
  );
}
