import { Trans, useLingui } from "@lingui/react/macro";
import { FolderOpen } from "lucide-react";
import type { Project } from "@/shared/schemas/project";
import { QueryStates } from "@/web/components/layout/record-states";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { SearchInput } from "@/web/components/ui/search-input";
import { Spinner } from "@/web/components/ui/spinner";
import { brandName } from "@/web/lib/brand";
import { useUrlSearch } from "@/web/lib/use-url-search";
import { useProjects } from "../api/use-projects";
import { ProjectCard } from "./project-card";

/**
 * The customer's projects as a card grid, with loading, empty and error states, and a search by
 * name kept in the URL (`q`) once there are projects to search.
 */
export function ProjectGrid() {
  const list = useUrlSearch();
  const projects = useProjects({ q: list.q });
  const { t } = useLingui();
  const searched = list.q;
  const firstPage = projects.data?.pages[0];
  // The box shows once there is something to search, and stays while a search is applied.
  const search =
    searched || (firstPage && firstPage.total > 0) ? (
      <SearchInput label={t`Search projects`} placeholder={t`Search by project name`} value={list.q} onSearch={list.setQuery} />
    ) : null;
  return (
    <div className="space-y-4">
      {search}
      <QueryStates query={projects} loadError={t`Could not load your projects.`}>
        {(data) => <ProjectCards projects={data.pages.flatMap((page) => page.items)} pages={projects} searched={searched} />}
      </QueryStates>
    </div>
  );
}

function ProjectCards({ projects, pages, searched }: { projects: Project[]; pages: ReturnType<typeof useProjects>; searched: string }) {
  const { t } = useLingui();
  if (projects.length === 0 && searched) {
    return <EmptyState title={t`No matching projects`} description={t`No project name contains "${searched}".`} />;
  }
  if (projects.length === 0) {
    return (
      <EmptyState
        icon={<FolderOpen className="h-10 w-10 text-muted-foreground" aria-hidden />}
        title={t`No Projects Yet`}
        description={t`Projects created by the ${brandName} team will appear here`}
      />
    );
  }

  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t`Projects`}>
        {projects.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
      {pages.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? <Spinner className="h-4 w-4" label={t`Loading more projects`} /> : null}
            <Trans>Load more</Trans>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
