import { useLingui } from "@lingui/react/macro";
import { projectStatuses, type ProjectStatus } from "@/shared/enums";
import { UNASSIGNED } from "@/shared/rules/ticket";
import { PageHeader } from "@/web/components/layout/page-header";
import { ProjectList } from "@/web/features/projects/components/admin/project-list";
import { AssigneeFilter, CompanyFilter, EnumFilter, FilterBar } from "@/web/features/tickets/components/admin/record-filters";
import { projectStatusMessages } from "@/web/lib/i18n/labels";
import { isId, oneOf, useUrlFilters } from "@/web/lib/use-url-filters";

const filterRules = {
  status: oneOf(projectStatuses),
  assignedTo: (value: string) => value === UNASSIGNED || isId(value),
  companyId: isId,
};

/** Every customer's projects, filtered by status, assignee and company (kept in the URL). */
export function AdminProjectsRoute() {
  const { t } = useLingui();
  const filters = useUrlFilters(filterRules);
  const { status, assignedTo, companyId } = filters.values;
  return (
    <>
      <PageHeader title={t`Projects`} description={t`Projects of every customer.`} />
      <ProjectList
        filters={{
          active: filters.active,
          status: (status || undefined) as ProjectStatus | undefined,
          assignedTo: assignedTo || undefined,
          companyId: companyId || undefined,
        }}
        filterBar={
          <FilterBar active={filters.active} onClear={filters.clear}>
            <EnumFilter id="project-filter-status" label={t`Status`} all={t`All statuses`} values={projectStatuses} labels={projectStatusMessages} value={status} onChange={(value) => filters.set("status", value)} />
            <AssigneeFilter id="project-filter-assignee" value={assignedTo} onChange={(value) => filters.set("assignedTo", value)} />
            <CompanyFilter id="project-filter-company" value={companyId} onChange={(value) => filters.set("companyId", value)} />
          </FilterBar>
        }
      />
    </>
  );
}
