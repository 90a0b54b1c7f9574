import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Spinner } from "@/web/components/ui/spinner";
import { LoadError } from "@/web/components/ui/load-error";
import { formatCurrency } from "@/web/lib/format-currency";
import { useInvoiceBalance } from "../api/use-invoice-balance";

const labels = { outstanding: msg`Outstanding`, overdue: msg`Overdue` } as const;
const shown = ["outstanding", "overdue"] as const;

/**
 * A company's outstanding and overdue totals, as the server sums them, each in a labelled group
 * (so a screen reader and a test find "Outstanding" by name). An admin names the company; a
 * customer's balance is always their own company's.
 */
export function BalanceFigures({ companyId }: { companyId?: string }) {
  const { t, i18n } = useLingui();
  const balance = useInvoiceBalance(companyId);
  if (balance.isPending) return <Spinner label={t`Loading balance`} />;
  if (balance.isError) return <LoadError message={t`Could not load the balance.`} onRetry={() => void balance.refetch()} />;
  const { currency } = balance.data;
  return (
    <div className="flex flex-wrap gap-x-8 gap-y-2">
      {shown.map((key) => (
        <div key={key} role="group" aria-label={i18n._(labels[key])}>
          <p className="text-sm font-medium text-muted-foreground">{i18n._(labels[key])}</p>
          <p data-testid={`balance-${key}`} className={key === "overdue" && balance.data.overdue !== "0.00" ? "text-2xl font-bold text-red-700 tabular-nums dark:text-red-400" : "text-2xl font-bold tabular-nums"}>
            {formatCurrency(balance.data[key], currency)}
          </p>
        </div>
      ))}
    </div>
  );
}
