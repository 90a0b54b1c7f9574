import { Trans, useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { invoiceStatuses, type InvoiceStatus } from "@/shared/enums";
import { Button } from "@/web/components/ui/button";
import { EnumOptions } from "@/web/components/ui/enum-options";
import { NativeSelect } from "@/web/components/ui/input";
import { invoiceExportHref, type InvoiceExportFilters } from "../../lib/invoice-export-href";
import { invoiceStatusMessages } from "@/web/lib/i18n/labels";

const isStatus = (value: string | null): value is InvoiceStatus => invoiceStatuses.includes(value as InvoiceStatus);

/** The list's status and company filters, kept in the URL beside its page, search and sort. */
export function useInvoiceListFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status = isStatus(raw) ? raw : undefined;
  const companyId = params.get("companyId") || undefined;

  const setStatus = useCallback(
    (next: InvoiceStatus | undefined) =>
      setParams((previous) => {
        const changed = new URLSearchParams(previous);
        if (next) changed.set("status", next);
        else changed.delete("status");
        // Page 3 of every invoice is not page 3 of the paid ones.
        changed.delete("page");
        return changed;
      }),
    [setParams],
  );
  return { status, companyId, setStatus };
}

export function InvoiceStatusFilter({ value, onChange }: { value: InvoiceStatus | undefined; onChange: (status: InvoiceStatus | undefined) => void }) {
  const { t } = useLingui();
  return (
    <NativeSelect
      aria-label={t`Filter by status`}
      className="w-auto"
      value={value ?? ""}
      onChange={(event) => onChange(isStatus(event.target.value) ? event.target.value : undefined)}
    >
      <option value="">{t`All statuses`}</option>
      <EnumOptions values={invoiceStatuses} labels={invoiceStatusMessages} />
    </NativeSelect>
  );
}

/** Every payment recorded, as CSV (ADR 043): beside the invoices' export, streamed and named by the server. */
export function ExportPaymentsLink() {
  return (
    <Button asChild variant="outline" size="sm">
      <a href="/api/payments/export" download>
        <Download className="h-4 w-4" aria-hidden />
        <Trans>Payments CSV</Trans>
      </a>
    </Button>
  );
}

/** Downloads what the list shows, every page of it, as CSV (the server streams and names the file). */
export function ExportInvoicesLink(filters: InvoiceExportFilters) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={invoiceExportHref(filters)} download>
        <Download className="h-4 w-4" aria-hidden />
        <Trans>Export CSV</Trans>
      </a>
    </Button>
  );
}
