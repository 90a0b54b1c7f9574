import { useLingui } from "@lingui/react/macro";
import { Users } from "lucide-react";
import { PagedList } from "@/web/components/paged-list";
import { EmptyState } from "@/web/components/ui/empty-state";
import { useListParams } from "@/web/components/ui/pagination";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useUserPage } from "../../api/use-user-page";
import { UsersTable } from "./users-table";

/** Search, table and pager of every account; the state lives in the URL. */
export function UserList() {
  const list = useListParams();
  const users = useUserPage({ page: list.page, q: list.q, sort: list.sort });
  useErrorToast(users.error, { log: "Failed to load users" });
  const { t } = useLingui();

  return (
    <PagedList
      query={users}
      list={list}
      noun={t`users`}
      searchBy={t`name or email`}
      empty={
        <EmptyState
          icon={<Users className="h-10 w-10 text-muted-foreground" aria-hidden />}
          title={t`No Users Yet`}
          description={t`Accounts appear here as people sign up or accept an invitation.`}
        />
      }
    >
      {(items) => <UsersTable users={items} sort={list.sort} onSortChange={list.setSort} />}
    </PagedList>
  );
}
