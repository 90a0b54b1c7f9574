import { Trans, useLingui } from "@lingui/react/macro";
import { Ban, CheckCircle2, Copy, RotateCcw, Send, Trash2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useNavigate } from "react-router";
import type { StoredInvoiceStatus } from "@/shared/enums";
import type { Invoice } from "@/shared/schemas/invoice";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { Button } from "@/web/components/ui/button";
import { errorMessage, shownProblemDetail } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useDeleteInvoice, useReissueInvoice } from "../../api/use-invoice-lifecycle";
import { useUpdateInvoice } from "../../api/use-update-invoice";
import { hasPayments, invoiceActionsFor } from "../../lib/invoice-lifecycle";

type Subject = Pick<Invoice, "id" | "invoiceNumber" | "status" | "amountPaid">;

const reportFailure = (message: string) => (error: unknown) => {
  console.error(message, error);
  const detail = shownProblemDetail(error);
  toast.error(detail ? `${message}: ${detail}` : message);
};

/** Issue, mark paid or unpaid: a status change the server checks; nothing to confirm, each is reversible or expected. */
function StatusButton({ invoice, to, label, done, icon }: { invoice: Subject; to: StoredInvoiceStatus; label: string; done: string; icon: ReactNode }) {
  const { t } = useLingui();
  const update = useUpdateInvoice();
  const onClick = async () => {
    try {
      await update.mutateAsync({ id: invoice.id, input: { status: to } });
      toast.success(done);
    } catch (error) {
      reportFailure(t`Error updating invoice`)(error);
    }
  };
  return (
    <Button variant={to === "unpaid" && invoice.status === "draft" ? "default" : "outline"} size="sm" disabled={update.isPending} onClick={() => void onClick()}>
      {icon}
      {label}
    </Button>
  );
}

type ConfirmedStepProps = Omit<ComponentProps<typeof ConfirmDialog>, "trigger" | "destructive"> & { icon: ReactNode; label: ReactNode };

/**
 * Void and Delete draft: the steps that cannot be taken back, so each is asked for first in a
 * destructive confirmation that shows a refusal and stays open.
 */
function ConfirmedStepButton({ icon, label, ...dialog }: ConfirmedStepProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm">
          {icon}
          {label}
        </Button>
      }
      destructive
      {...dialog}
    />
  );
}

function VoidInvoiceButton({ invoice }: { invoice: Subject }) {
  const { t } = useLingui();
  const update = useUpdateInvoice();
  const invoiceNumber = invoice.invoiceNumber;
  return (
    <ConfirmedStepButton
      icon={<Ban className="h-4 w-4" aria-hidden />}
      label={<Trans context="invoice action">Void</Trans>}
      title={t`Void invoice ${invoiceNumber}?`}
      description={t`The customer no longer owes it; it stays on record as void. To bill the work again, re-issue it.`}
      confirmLabel={t`Void invoice`}
      workingLabel={t`Voiding...`}
      failureText={(error) => errorMessage(error, t`Error voiding invoice`)}
      onConfirm={async () => {
        await update.mutateAsync({ id: invoice.id, input: { status: "void" } });
        toast.success(t`Invoice ${invoiceNumber} voided`);
      }}
    />
  );
}

function ReissueButton({ invoice }: { invoice: Subject }) {
  const { t } = useLingui();
  const reissue = useReissueInvoice();
  const navigate = useNavigate();
  const invoiceNumber = invoice.invoiceNumber;
  const onClick = async () => {
    try {
      const draft = await reissue.mutateAsync(invoice.id);
      const draftNumber = draft.invoiceNumber;
      toast.success(t`Draft ${draftNumber} replaces ${invoiceNumber}`, { description: t`Issuing it voids ${invoiceNumber}.` });
      void navigate(`/admin/invoices/${draft.id}`);
    } catch (error) {
      reportFailure(t`Error re-issuing invoice`)(error);
    }
  };
  return (
    <Button variant="outline" size="sm" disabled={reissue.isPending} onClick={() => void onClick()}>
      <Copy className="h-4 w-4" aria-hidden />
      {reissue.isPending ? <Trans>Re-issuing...</Trans> : <Trans>Re-issue</Trans>}
    </Button>
  );
}

function DeleteDraftButton({ invoice }: { invoice: Subject }) {
  const { t } = useLingui();
  const remove = useDeleteInvoice();
  const navigate = useNavigate();
  const invoiceNumber = invoice.invoiceNumber;
  return (
    <ConfirmedStepButton
      icon={<Trash2 className="h-4 w-4" aria-hidden />}
      label={<Trans>Delete draft</Trans>}
      title={t`Delete draft ${invoiceNumber}?`}
      description={t`The draft, its lines and its PDF are deleted for good. The customer never saw it.`}
      confirmLabel={t`Delete draft`}
      workingLabel={t`Deleting...`}
      failureText={(error) => errorMessage(error, t`Error deleting invoice`)}
      onConfirm={async () => {
        await remove.mutateAsync(invoice.id);
        toast.success(t`Draft ${invoiceNumber} deleted`);
        void navigate("/admin/invoices");
      }}
    />
  );
}

/** The moves an invoice's status allows, in the order of its life: issue, payment, void, re-issue, delete; none by hand while payments stand. */
export function InvoiceLifecycleActions({ invoice }: { invoice: Subject }) {
  const { t } = useLingui();
  const invoiceNumber = invoice.invoiceNumber;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t`Invoice actions`}>
      {invoiceActionsFor(invoice.status, { paymentsStand: hasPayments(invoice) }).map((action) => {
        switch (action) {
          case "issue":
            return <StatusButton key={action} invoice={invoice} to="unpaid" label={t`Issue`} done={t`Invoice ${invoiceNumber} issued`} icon={<Send className="h-4 w-4" aria-hidden />} />;
          case "markPaid":
            return <StatusButton key={action} invoice={invoice} to="paid" label={t`Mark as paid`} done={t`Invoice marked as paid`} icon={<CheckCircle2 className="h-4 w-4" aria-hidden />} />;
          case "markUnpaid":
            return <StatusButton key={action} invoice={invoice} to="unpaid" label={t`Mark as unpaid`} done={t`Invoice marked as unpaid`} icon={<RotateCcw className="h-4 w-4" aria-hidden />} />;
          case "void":
            return <VoidInvoiceButton key={action} invoice={invoice} />;
          case "reissue":
            return <ReissueButton key={action} invoice={invoice} />;
          case "delete":
            return <DeleteDraftButton key={action} invoice={invoice} />;
        }
      })}
    </div>
  );
}
