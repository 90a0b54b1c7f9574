import { companyRoleLabels } from "@/shared/enums";
import { formatDateTime } from "@/shared/format";
import { userStatusLabels } from "@/shared/rules/user";
import type { UserListItem } from "@/shared/schemas/user";
import { Badge } from "@/web/components/ui/badge";
import { SortableHead, type SortDirection } from "@/web/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { UserActionsDialog } from "./user-actions-dialog";

interface UsersTableProps {
  users: UserListItem[];
  sort: SortDirection;
  onSortChange: (sort: SortDirection) => void;
}

export function UsersTable({ users, sort, onSortChange }: UsersTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Company</TableHead>
          <TableHead>Last sign-in</TableHead>
          <TableHead>2FA</TableHead>
          <TableHead>Status</TableHead>
          <SortableHead label="Joined" sort={sort} onSortChange={onSortChange} />
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} data-user-id={user.id}>
            <TableCell>
              <div className="font-medium">{user.name}</div>
              <div className="text-sm text-muted-foreground">{user.email}</div>
            </TableCell>
            <TableCell>{user.role === "admin" ? <Badge tone="blue">Admin</Badge> : "Customer"}</TableCell>
            <TableCell>
              {user.company ? (
                <>
                  <div>{user.company.name}</div>
                  {user.companyRole ? <div className="text-sm text-muted-foreground">{companyRoleLabels[user.companyRole]}</div> : null}
                </>
              ) : (
                <span className="text-muted-foreground">None</span>
              )}
            </TableCell>
            <TableCell>{user.lastSignedInAt ? formatDateTime(user.lastSignedInAt) : <span className="text-muted-foreground">Never</span>}</TableCell>
            <TableCell>{user.twoFactorEnabled ? <Badge tone="green">On</Badge> : "Off"}</TableCell>
            <TableCell>
              <Badge tone={user.status === "active" ? "green" : "red"}>{userStatusLabels[user.status]}</Badge>
            </TableCell>
            <TableCell>{formatDateTime(user.createdAt)}</TableCell>
            <TableCell className="text-right">
              <UserActionsDialog user={user} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
