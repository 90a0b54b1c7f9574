import { useLingui } from "@lingui/react/macro";
import type { CompanyListItem } from "@/shared/schemas/company";
import { formatInstantDate } from "@/shared/format";
import { SortableHead, type Sorting } from "@/web/components/ui/pagination";
import { LinkCell, Table, TableBody, TableCell, TableHead, TableHeadings, TableRow } from "@/web/components/ui/table";

interface CustomersTableProps extends Sorting {
  customers: CompanyListItem[];
}

export function CustomersTable({ customers, sort, onSortChange }: CustomersTableProps) {
  const { t } = useLingui();
  const orNA = (value: string | null) => value || t`N/A`;
  return (
    <Table>
      <TableHeadings names={[t`Company Name`, t`Contact`, t`Email`]}>
        <TableHead className="text-right">{t`Projects`}</TableHead>
        <TableHead className="text-right">{t`Users`}</TableHead>
        <SortableHead label={t`Created`} sort={sort} onSortChange={onSortChange} />
      </TableHeadings>
      <TableBody>
        {customers.map((customer) => (
          <TableRow key={customer.id}>
            <LinkCell main to={`/admin/customers/${customer.id}`}>
              {customer.name}
            </LinkCell>
            <TableCell>{orNA(customer.contactName)}</TableCell>
            <TableCell>{orNA(customer.contactEmail)}</TableCell>
            <TableCell className="text-right tabular-nums">{customer.projectCount}</TableCell>
            <TableCell className="text-right tabular-nums">{customer.userCount}</TableCell>
            <TableCell>{formatInstantDate(customer.createdAt, t`N/A`)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
