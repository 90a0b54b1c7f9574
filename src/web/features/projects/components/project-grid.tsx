import { FolderOpen } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { PageSpinner, Spinner } from "@/web/components/ui/spinner";
import { brandName } from "@/web/lib/brand";
import { useProjects } from "../api/use-projects";
import { ProjectCard } from "./project-card";
import { LoadError } from "@/web/components/ui/load-error";

/** The customer's projects as a card grid, with loading, empty and error states. */
export function ProjectGrid() {
  const projects = useProjects();

  if (projects.isPending) return <PageSpinner />;
  if (projects.isError) {
    return (
      <LoadError message="Could not load your projects." onRetry={() => void projects.refetch()} />
    );
  }

  const items = projects.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<FolderOpen className="h-10 w-10 text-muted-foreground" aria-hidden />}
        title="No Projects Yet"
        description={`Projects created by the ${brandName} team will appear here`}
      />
    );
  }

  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Projects">
        {items.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
      {projects.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void projects.fetchNextPage()} disabled={projects.isFetchingNextPage}>
            {projects.isFetchingNextPage ? <Spinner className="h-4 w-4" label="Loading more projects" /> : null}
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
