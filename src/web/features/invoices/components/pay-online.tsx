import { useLingui } from "@lingui/react/macro";
import type { Invoice } from "@/shared/schemas/invoice";
import { Button } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { collect, useCheckedForm, type Checked } from "@/web/lib/use-checked-form";
import { useCheckout } from "../api/use-checkout";
import { checkoutMark, paymentStateOf } from "../lib/payment-return";

const fields = ["amount"] as const;
type Field = (typeof fields)[number];

/**
 * The amount typed, where the invoice allows paying a part, as typed: its rules (given, above 0, at
 * most the amount due, two decimals) are the server's, whose 400 names `amount` under the field.
 * Without the field the server takes the amount due.
 */
const checkAmount =
  (partial: boolean) =>
  ({ amount }: Record<Field, string>): Checked<Field, { amount: string | undefined }> =>
    collect({}, { amount: partial ? amount.trim() : undefined });

/**
 * "Pay": opens the provider's hosted checkout for the amount due (or the part typed, where the
 * invoice allows it) and sends the browser there. Nothing is paid until the provider's webhook
 * says so; a provider that is down answers 503, whose message is shown and the page stays.
 */
export function PayOnline({ invoice }: { invoice: Pick<Invoice, "id" | "status" | "amountDue" | "allowPartialPayment"> }) {
  const { t } = useLingui();
  const checkout = useCheckout();
  const form = useCheckedForm(fields, checkAmount(invoice.allowPartialPayment));

  const onSubmit = form.handleSubmit(async ({ amount }) => {
    const { url } = await checkout.mutateAsync({ id: invoice.id, amount });
    checkoutMark(invoice.id, paymentStateOf(invoice));
    window.location.assign(url);
  }, t`Could not open the payment page`);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onChange={form.onChange} className="flex flex-wrap items-end gap-3" aria-label={t`Pay online`}>
      {invoice.allowPartialPayment ? (
        <div className="w-40">
          <InputField id="pay-amount" name="amount" label={t`Amount to pay`} inputMode="decimal" autoComplete="off" defaultValue={invoice.amountDue} error={form.errors.amount} />
        </div>
      ) : null}
      <Button type="submit" className="min-w-28" disabled={form.isSubmitting}>
        {t`Pay`}
      </Button>
    </form>
  );
}
