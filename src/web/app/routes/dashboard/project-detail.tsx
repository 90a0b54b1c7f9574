import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useFailureToast } from "@/web/lib/use-error-toast";
import { EmptyState } from "@/web/components/ui/empty-state";
import { BackLink } from "@/web/components/layout/back-link";
import { RecordStates } from "@/web/components/layout/record-states";
import { CommentsPanel } from "@/web/features/comments/components/comments-panel";
import { useProject } from "@/web/features/projects/api/use-project";
import { ProjectSummary } from "@/web/features/projects/components/project-summary";
import { ProjectTicketTable } from "@/web/features/tickets/components/project-ticket-table";
import { isNotFound } from "@/web/lib/api";
import { useReadOnVisit } from "@/web/features/notifications";

export function ProjectDetailRoute() {
  const idOrSlug = useParams().idOrSlug ?? "";
  const project = useProject(idOrSlug);
  const { t } = useLingui();
  // By id: the page may have been opened by its slug.
  useReadOnVisit("project", project.data?.id);
  // Another company's project answers like a missing one (D11): both are "not found".
  const notFound = isNotFound(project.error);
  useFailureToast(project.isError && !notFound, t`Failed to load project`, "load-project");

  return (
    <div className="space-y-6">
      <BackLink to="/dashboard/projects" label={t`Back to Projects`} asButton />
      <RecordStates
        query={project}
        missing={notFound}
        notFound={<EmptyState title={t`Project not found (ID: ${idOrSlug})`} />}
        loadError={t`Could not load this project.`}
      >
        {(current) => (
          <>
            <ProjectSummary project={current} />
            <ProjectTicketTable projectId={current.id} />
            <CommentsPanel target={{ kind: "project", id: current.id }} />
          </>
        )}
      </RecordStates>
    </div>
  );
}
