import { Ban, CheckCircle2, Copy, RotateCcw, Send, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import type { InvoiceStatus } from "@/shared/enums";
import type { Invoice } from "@/shared/schemas/invoice";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { Button } from "@/web/components/ui/button";
import { errorMessage, problemDetail } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useDeleteInvoice, useReissueInvoice } from "../../api/use-invoice-lifecycle";
import { useUpdateInvoice } from "../../api/use-update-invoice";
import { invoiceActionsFor } from "../../lib/invoice-lifecycle";

type Subject = Pick<Invoice, "id" | "invoiceNumber" | "status">;

const reportFailure = (message: string) => (error: unknown) => {
  console.error(message, error);
  const detail = problemDetail(error);
  toast.error(detail ? `${message}: ${detail}` : message);
};

/** Issue, mark paid or unpaid: a status change the server checks; nothing to confirm, each is reversible or expected. */
function StatusButton({ invoice, to, label, done, icon }: { invoice: Subject; to: InvoiceStatus; label: string; done: string; icon: ReactNode }) {
  const update = useUpdateInvoice();
  const onClick = async () => {
    try {
      await update.mutateAsync({ id: invoice.id, input: { status: to } });
      toast.success(done);
    } catch (error) {
      reportFailure("Error updating invoice")(error);
    }
  };
  return (
    <Button variant={to === "unpaid" && invoice.status === "draft" ? "default" : "outline"} size="sm" disabled={update.isPending} onClick={() => void onClick()}>
      {icon}
      {label}
    </Button>
  );
}

function VoidInvoiceButton({ invoice }: { invoice: Subject }) {
  const update = useUpdateInvoice();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm">
          <Ban className="h-4 w-4" aria-hidden />
          Void
        </Button>
      }
      title={`Void invoice ${invoice.invoiceNumber}?`}
      description="The customer no longer owes it; it stays on record as void. To bill the work again, re-issue it."
      confirmLabel="Void invoice"
      workingLabel="Voiding..."
      destructive
      failureText={(error) => errorMessage(error, "Error voiding invoice")}
      onConfirm={async () => {
        await update.mutateAsync({ id: invoice.id, input: { status: "void" } });
        toast.success(`Invoice ${invoice.invoiceNumber} voided`);
      }}
    />
  );
}

function ReissueButton({ invoice }: { invoice: Subject }) {
  const reissue = useReissueInvoice();
  const navigate = useNavigate();
  const onClick = async () => {
    try {
      const draft = await reissue.mutateAsync(invoice.id);
      toast.success(`Draft ${draft.invoiceNumber} replaces ${invoice.invoiceNumber}`, { description: `Issuing it voids ${invoice.invoiceNumber}.` });
      void navigate(`/admin/invoices/${draft.id}`);
    } catch (error) {
      reportFailure("Error re-issuing invoice")(error);
    }
  };
  return (
    <Button variant="outline" size="sm" disabled={reissue.isPending} onClick={() => void onClick()}>
      <Copy className="h-4 w-4" aria-hidden />
      {reissue.isPending ? "Re-issuing..." : "Re-issue"}
    </Button>
  );
}

function DeleteDraftButton({ invoice }: { invoice: Subject }) {
  const remove = useDeleteInvoice();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm">
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete draft
        </Button>
      }
      title={`Delete draft ${invoice.invoiceNumber}?`}
      description="The draft, its lines and its PDF are deleted for good. The customer never saw it."
      confirmLabel="Delete draft"
      workingLabel="Deleting..."
      destructive
      failureText={(error) => errorMessage(error, "Error deleting invoice")}
      onConfirm={async () => {
        await remove.mutateAsync(invoice.id);
        toast.success(`Draft ${invoice.invoiceNumber} deleted`);
        void navigate("/admin/invoices");
      }}
    />
  );
}

/** The moves an invoice's status allows, in the order of its life: issue, payment, void, re-issue, delete. */
export function InvoiceLifecycleActions({ invoice }: { invoice: Subject }) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Invoice actions">
      {invoiceActionsFor(invoice.status).map((action) => {
        switch (action) {
          case "issue":
            return <StatusButton key={action} invoice={invoice} to="unpaid" label="Issue" done={`Invoice ${invoice.invoiceNumber} issued`} icon={<Send className="h-4 w-4" aria-hidden />} />;
          case "markPaid":
            return <StatusButton key={action} invoice={invoice} to="paid" label="Mark as paid" done="Invoice marked as paid" icon={<CheckCircle2 className="h-4 w-4" aria-hidden />} />;
          case "markUnpaid":
            return <StatusButton key={action} invoice={invoice} to="unpaid" label="Mark as unpaid" done="Invoice marked as unpaid" icon={<RotateCcw className="h-4 w-4" aria-hidden />} />;
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
