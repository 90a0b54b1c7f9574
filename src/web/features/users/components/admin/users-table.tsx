import { Trans, useLingui } from "@lingui/react/macro";
import { formatDateTime } from "@/shared/format";
import type { UserListItem } from "@/shared/schemas/user";
import { Badge } from "@/web/components/ui/badge";
import { SortableHead, type Sorting } from "@/web/components/ui/pagination";
import { companyRoleMessages } from "@/web/lib/i18n/labels";
import { userStatusMessages } from "@/web/lib/i18n/admin-labels";
import { Table, TableBody, TableCell, TableHead, TableHeadings, TableRow } from "@/web/components/ui/table";
import { UserActionsDialog } from "./user-actions-dialog";

interface UsersTableProps extends Sorting {
  users: UserListItem[];
}

export function UsersTable({ users, sort, onSortChange }: UsersTableProps) {
  const { t, i18n } = useLingui();
  return (
    <Table>
      <TableHeadings names={[t`Name`, t`Role`, t`Company`, t`Last sign-in`, t`2FA`, t`Status`]}>
        <SortableHead label={t`Joined`} sort={sort} onSortChange={onSortChange} />
        <TableHead className="text-right">
          <span className="sr-only">
            <Trans>Actions</Trans>
          </span>
        </TableHead>
      </TableHeadings>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} data-user-id={user.id}>
            <TableCell>
              <div className="font-medium">{user.name}</div>
              <div className="text-sm text-muted-foreground">{user.email}</div>
            </TableCell>
            <TableCell>{user.role === "admin" ? <Badge tone="blue">{t`Admin`}</Badge> : t`Customer`}</TableCell>
            <TableCell>
              {user.company ? (
                <>
                  <div>{user.company.name}</div>
                  {user.companyRole ? <div className="text-sm text-muted-foreground">{i18n._(companyRoleMessages[user.companyRole])}</div> : null}
                </>
              ) : (
                <span className="text-muted-foreground">
                  <Trans>None</Trans>
                </span>
              )}
            </TableCell>
            <TableCell>
              {user.lastSignedInAt ? (
                formatDateTime(user.lastSignedInAt)
              ) : (
                <span className="text-muted-foreground">
                  <Trans>Never</Trans>
                </span>
              )}
            </TableCell>
            <TableCell>{user.twoFactorEnabled ? <Badge tone="green">{t`On`}</Badge> : t`Off`}</TableCell>
            <TableCell>
              <Badge tone={user.status === "active" ? "green" : "red"}>{i18n._(userStatusMessages[user.status])}</Badge>
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
