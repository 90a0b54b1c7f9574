import { FolderKanban } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Pagination, useListParams } from "../../../components/ui/pagination";
import { SearchInput } from "../../../components/ui/search-input";
import { Spinner } from "../../../components/ui/spinner";
import { useProjects } from "../api/get-projects";
import { useErrorToast } from "../lib/use-error-toast";
import { ProjectsTable } from "./projects-table";

interface ProjectListProps {
  /** Only this company's projects (the customer detail screen). */
  companyId?: string;
  /** The toast for a failed load; without one the failure is only logged (spec section 8). */
  errorToast?: string;
}

/** Search, table and pager of projects; the state lives in the URL. */
export function ProjectList({ companyId, errorToast }: ProjectListProps) {
  const { page, q, sort, setPage, setQuery, setSort } = useListParams();
  const projects = useProjects({ page, q, sort, companyId });
  useErrorToast(projects.error, { log: "Failed to load projects", toast: errorToast });

  const data = projects.data;
  return (
    <div className="space-y-4">
      <SearchInput label="Search projects" placeholder="Search by project name" value={q} onSearch={setQuery} />
      {projects.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner label="Loading projects" />
        </div>
      ) : projects.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-border bg-background p-10 text-center">
          <p className="font-medium">Could not load projects.</p>
          <Button variant="outline" size="sm" onClick={() => projects.refetch()}>
            Try again
          </Button>
        </div>
      ) : data && data.total === 0 && !q ? (
        <EmptyState
          icon={<FolderKanban className="h-10 w-10 text-muted-foreground" aria-hidden />}
          title="No Projects Yet"
          description={companyId ? "Create this customer's first project with New Project." : "Projects appear here once one is created for a customer."}
        />
      ) : data && data.items.length === 0 && page === 1 ? (
        <EmptyState title="No matching projects" description={`No project name contains "${q}".`} />
      ) : data ? (
        <>
          <Card aria-busy={projects.isPlaceholderData}>
            <CardContent className="p-0">
              <ProjectsTable projects={data.items} sort={sort} onSortChange={setSort} showCompany={!companyId} linkBy={companyId ? "id" : "slug"} />
            </CardContent>
          </Card>
          <Pagination label="Projects pages" data={data} onPageChange={setPage} />
        </>
      ) : null}
    </div>
  );
}
