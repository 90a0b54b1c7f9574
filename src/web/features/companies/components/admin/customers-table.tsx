import type { CompanyListItem } from "@/shared/schemas/company";
import { formatInstantDate } from "@/shared/format";
import { SortableHead, type SortDirection } from "@/web/components/ui/pagination";
import { LinkCell, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";

interface CustomersTableProps {
  customers: CompanyListItem[];
  sort: SortDirection;
  onSortChange: (sort: SortDirection) => void;
}

const orNA = (value: string | null) => value || "N/A";

export function CustomersTable({ customers, sort, onSortChange }: CustomersTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Company Name</TableHead>
          <TableHead>Contact</TableHead>
          <TableHead>Email</TableHead>
          <TableHead className="text-right">Projects</TableHead>
          <TableHead className="text-right">Users</TableHead>
          <SortableHead label="Created" sort={sort} onSortChange={onSortChange} />
        </TableRow>
      </TableHeader>
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
            <TableCell>{formatInstantDate(customer.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
