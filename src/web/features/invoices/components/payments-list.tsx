import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { formatDate } from "@/shared/format";
import type { Payment } from "@/shared/schemas/payment";
import { ActionsHead, Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";
import { formatCurrency } from "@/web/lib/format-currency";
import { paymentMethodMessages } from "@/web/lib/i18n/labels";

/** "0.00" and the like: nothing refunded. */
const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount);

interface PaymentsListProps {
  payments: Payment[];
  /** A last cell per row (the admin's Remove); the table gets an actions column then. */
  action?: ((payment: Payment) => ReactNode) | undefined;
}

/**
 * An invoice's payments, oldest first: the day, how it came, the amount and what of it was
 * refunded. One table named "Payments" for the customer's page and the admin's.
 */
export function PaymentsList({ payments, action }: PaymentsListProps) {
  const { t, i18n } = useLingui();
  if (payments.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No payments yet</Trans>
      </p>
    );
  }
  return (
    <Table aria-label={t`Payments`}>
      <TableHeadings names={[t`Date`, t`Method`, t`Amount`, t`Refunded`]} alignedEnd={[t`Amount`, t`Refunded`]}>
        <ActionsHead shown={!!action} />
      </TableHeadings>
      <TableBody>
        {payments.map((payment) => (
          <TableRow key={payment.id}>
            <TableCell className="whitespace-nowrap">{formatDate(payment.paidAt)}</TableCell>
            <TableCell>
              {i18n._(paymentMethodMessages[payment.method])}
              {payment.reference ? <span className="block text-xs break-all text-muted-foreground">{payment.reference}</span> : null}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCurrency(payment.amount, payment.currency)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{isZero(payment.refunded) ? "—" : formatCurrency(payment.refunded, payment.currency)}</TableCell>
            {action ? <TableCell className="text-right">{action(payment)}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
