import { Trans, useLingui } from "@lingui/react/macro";
import { formatDate } from "@/shared/format";
import type { Payment } from "@/shared/schemas/payment";
import { ConfirmRemoval } from "@/web/components/confirm-dialog";
import { TitledCard } from "@/web/components/ui/card";
import { errorMessage } from "@/web/lib/api";
import { formatCurrency } from "@/web/lib/format-currency";
import { toast } from "@/web/lib/toast";
import { useRemovePayment } from "../../api/use-payments";
import { isIssued } from "../../lib/invoice-lifecycle";
import type { InvoiceDetail } from "../invoice-lines-table";
import { PaymentsList } from "../payments-list";
import { RecordPaymentDialog } from "./record-payment-dialog";

/** "0.00": nothing left to pay. */
const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount);

/** Removes a payment an admin recorded, after asking; an online one is refunded at the provider instead. */
function RemovePaymentButton({ invoiceId, payment }: { invoiceId: string; payment: Payment }) {
  const { t } = useLingui();
  const remove = useRemovePayment();
  const amount = formatCurrency(payment.amount, payment.currency);
  const day = formatDate(payment.paidAt);
  return (
    <ConfirmRemoval
      label={
        <Trans>
          Remove<span className="sr-only"> payment of {amount} on {day}</span>
        </Trans>
      }
      title={t`Remove the payment of ${amount}?`}
      description={t`The invoice owes this amount again. The payment stays in its history.`}
      confirmLabel={t`Remove payment`}
      workingLabel={t`Removing...`}
      failureText={(error) => errorMessage(error, t`Error removing payment`)}
      onConfirm={async () => {
        await remove.mutateAsync({ id: invoiceId, paymentId: payment.id });
        toast.success(t`Payment removed`);
      }}
    />
  );
}

/**
 * One of the card's sums, a labelled group (so a screen reader and a test find "Amount due" by
 * name), drawn as the balance figures are: a group is not a valid child of a <dl>.
 */
function Figure({ label, testId, value }: { label: string; testId: string; value: string }) {
  return (
    <div role="group" aria-label={label}>
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p data-testid={testId} className="text-xl font-bold tabular-nums">
        {value}
      </p>
    </div>
  );
}

/** The admin's view of what was paid: the figures, each payment (Remove on those recorded by hand) and Record payment while something is due. */
export function InvoicePaymentsCard({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useLingui();
  const money = (amount: string) => formatCurrency(amount, invoice.currency);
  // Issued and something due: a draft takes no payment, and a paid or void invoice has nothing due.
  const takesPayment = isIssued(invoice.status) && !isZero(invoice.amountDue);
  return (
    <TitledCard title={t`Payments`} actions={takesPayment ? <RecordPaymentDialog invoice={invoice} /> : undefined} contentClassName="space-y-4">
      <div className="flex flex-wrap gap-x-8 gap-y-2">
        <Figure label={t`Amount paid`} testId="invoice-amount-paid" value={money(invoice.amountPaid)} />
        <Figure label={t`Amount due`} testId="invoice-amount-due" value={money(invoice.amountDue)} />
      </div>
      <PaymentsList payments={invoice.payments} action={(payment) => (payment.provider === null ? <RemovePaymentButton invoiceId={invoice.id} payment={payment} /> : null)} />
    </TitledCard>
  );
}
