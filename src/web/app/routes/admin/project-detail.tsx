import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams } from "react-router";
import { displayName, formatInstantDate } from "@/shared/format";
import { PageHeader } from "@/web/components/layout/page-header";
import { ProjectStatusBadge } from "@/web/components/status-badges";
import { TitledCard } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { RecordPage } from "../../record-page";
import type { Project } from "@/shared/schemas/project";
import { useProject } from "@/web/features/projects/api/use-project";
import { ProjectEditForm } from "@/web/features/projects/components/admin/project-edit-form";
import { ProjectInboxCard } from "@/web/features/projects/components/admin/project-inbox-card";
import { ProjectTimeCard } from "@/web/features/time/components/admin/project-time-card";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { TicketList } from "@/web/features/tickets/components/admin/ticket-list";
import { CommentsPanel } from "@/web/features/comments/components/comments-panel";
import { isNotFound } from "@/web/lib/api";
import { useReadOnVisit } from "@/web/features/notifications";

export function AdminProjectDetailRoute() {
  const { idOrSlug = "" } = useParams();
  const project = useProject(idOrSlug);
  const { t } = useLingui();
  useReadOnVisit("project", project.data?.id);
  useErrorToast(project.error, { log: "Error fetching project", toast: t`Error fetching project` });

  return (
    <RecordPage
      area="admin"
      back={{ to: "/admin/projects", label: t`Back to Projects` }}
      query={project}
      missing={isNotFound(project.error)}
      notFound={<EmptyState title={t`Project not found`} description={t`No project has the id or slug "${idOrSlug}".`} />}
      loadError={t`Could not load the project.`}
    >
      {(current) => <ProjectPage project={current} />}
    </RecordPage>
  );
}

function ProjectPage({ project: current }: { project: Project }) {
  const { t } = useLingui();
  const created = formatInstantDate(current.createdAt);
  const responsible = current.assignee ? displayName(current.assignee) : null;
  return (
    <>
      <PageHeader
        title={current.name}
        description={
          <>
            <Link to={`/admin/customers/${current.company.id}`} className="text-primary underline underline-offset-2 hover:no-underline">
              {current.company.name}
            </Link>
            {" · "}
            <Trans>created {created}</Trans>
            {responsible ? (
              <>
                {" · "}
                <Trans>Responsible: {responsible}</Trans>
              </>
            ) : null}
          </>
        }
        actions={<ProjectStatusBadge status={current.status} />}
      />
      <div className="space-y-6">
        <TitledCard title={t`Project Details`}>
          <ProjectEditForm key={current.id} project={current} />
        </TitledCard>
        <TitledCard title={t`Tickets`}>
          <TicketList projectId={current.id} />
        </TitledCard>
        <ProjectTimeCard projectId={current.id} />
        <ProjectInboxCard project={current} />
        {/* The same thread the customer sees on their project page; a reply here shows up there. */}
        <CommentsPanel target={{ kind: "project", id: current.id }} />
      </div>
    </>
  );
}
