import { useLingui } from "@lingui/react/macro";
import { FileText } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "@/shared/format";
import type { Invoice } from "@/shared/schemas/invoice";
import { InvoiceStatusBadge } from "@/web/components/status-badges";
import { QueryStates } from "@/web/components/layout/record-states";
import { Card } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";
import { useInvoices } from "../api/use-invoices";
import { formatCurrency } from "@/web/lib/format-currency";
import { InvoicePdfAction } from "./invoice-pdf-action";

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t } = useLingui();
  return (
    <TableRow>
      <TableCell className="font-medium">
        <Link to={`/dashboard/invoices/${invoice.id}`} className="text-primary hover:underline">
          {invoice.invoiceNumber}
        </Link>
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(invoice.issueDate)}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(invoice.dueDate, t`N/A`)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCurrency(invoice.amount, invoice.currency)}</TableCell>
      <TableCell>
        <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
      </TableCell>
      <TableCell>
        <InvoicePdfAction invoice={invoice} />
      </TableCell>
    </TableRow>
  );
}

/** The customer's invoices with loading, empty and error states. */
export function InvoiceTable() {
  const { t } = useLingui();
  const invoices = useInvoices();
  return (
    <QueryStates query={invoices} loadError={t`Could not load your invoices.`}>
      {({ items }) => <Invoices invoices={items} />}
    </QueryStates>
  );
}

function Invoices({ invoices }: { invoices: Invoice[] }) {
  const { t } = useLingui();
  if (invoices.length === 0) {
    return (
      <EmptyState
        icon={<FileText className="h-10 w-10 text-muted-foreground" aria-hidden />}
        title={t`No Invoices Yet`}
        description={t`Invoices for your company will appear here.`}
      />
    );
  }

  return (
    <Card className="p-2 sm:p-4">
      <Table aria-label={t`Invoices`}>
        <TableHeadings names={[t`Invoice Number`, t`Issue Date`, t`Due Date`, t`Amount`, t`Status`, t`Action`]} alignedEnd={[t`Amount`]} />
        <TableBody>
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
