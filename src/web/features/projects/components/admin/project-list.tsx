import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { FolderKanban } from "lucide-react";
import { PagedList } from "@/web/components/paged-list";
import { EmptyState } from "@/web/components/ui/empty-state";
import { useListParams } from "@/web/components/ui/pagination";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useProjectPage, type ProjectFilters } from "../../api/use-project-page";
import { ProjectsTable } from "./projects-table";

interface ProjectListProps {
  /** Only this company's projects (the customer detail screen). */
  companyId?: string;
  /** The admin Projects screen's filters (kept in its URL) and the bar that sets them. */
  filters?: ProjectFilters & { active: boolean };
  filterBar?: ReactNode;
  /** The toast for a failed load; without one the failure is only logged (spec section 8). */
  errorToast?: string;
}

/** Search, table and pager of projects; the state lives in the URL. */
export function ProjectList({ companyId, errorToast, filters, filterBar }: ProjectListProps) {
  const list = useListParams();
  const { t } = useLingui();
  const { active = false, ...filterValues } = filters ?? {};
  const projects = useProjectPage({ page: list.page, q: list.q, sort: list.sort, ...filterValues, ...(companyId ? { companyId } : {}) });
  useErrorToast(projects.error, { log: "Failed to load projects", toast: errorToast });

  return (
    <div className="space-y-4">
      {filterBar}
      <PagedList
        query={projects}
        list={list}
        noun={t`projects`}
        searchBy={t`project name`}
        empty={
          active ? (
            <EmptyState title={t`No projects match these filters`} />
          ) : (
            <EmptyState
              icon={<FolderKanban className="h-10 w-10 text-muted-foreground" aria-hidden />}
              title={t`No Projects Yet`}
              description={companyId ? t`Create this customer's first project with New Project.` : t`Projects appear here once one is created for a customer.`}
            />
          )
        }
      >
        {(items) => <ProjectsTable projects={items} sort={list.sort} onSortChange={list.setSort} showCompany={!companyId} />}
      </PagedList>
    </div>
  );
}
