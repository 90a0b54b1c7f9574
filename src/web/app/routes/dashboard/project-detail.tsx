import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { EmptyState } from "@/web/components/ui/empty-state";
import { CommentsPanel } from "@/web/features/comments/components/comments-panel";
import { useProject } from "@/web/features/projects/api/use-project";
import { ProjectSummary } from "@/web/features/projects/components/project-summary";
import { LazyProjectHours } from "@/web/features/time/components/lazy-project-hours";
import { ProjectTicketTable } from "@/web/features/tickets/components/project-ticket-table";
import { RecordPage, useCustomerRecord } from "../../record-page";

export function ProjectDetailRoute() {
  const idOrSlug = useParams().idOrSlug ?? "";
  const project = useProject(idOrSlug);
  const { t } = useLingui();
  // Read by id: the page may have been opened by its slug.
  const missing = useCustomerRecord("project", project, { failed: t`Failed to load project` });

  return (
    <RecordPage area="customer" back={{ to: "/dashboard/projects", label: t`Back to Projects` }} query={project} missing={missing} notFound={<EmptyState title={t`Project not found (ID: ${idOrSlug})`} />} loadError={t`Could not load this project.`}>
      {(current) => (
        <>
          <ProjectSummary project={current} />
          <LazyProjectHours projectId={current.id} />
          <ProjectTicketTable projectId={current.id} />
          <CommentsPanel target={{ kind: "project", id: current.id }} />
        </>
      )}
    </RecordPage>
  );
}
