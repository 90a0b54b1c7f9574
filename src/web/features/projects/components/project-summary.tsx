import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { displayName, formatDate } from "@/shared/format";
import type { Project } from "@/shared/schemas/project";
import { ProjectStatusBadge } from "@/web/components/status-badges";
import { Card, CardContent, CardHeader } from "@/web/components/ui/card";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm font-medium">{children}</dd>
    </div>
  );
}

/** The head of the project detail screen: name, status, description, dates and who is responsible. */
export function ProjectSummary({ project }: { project: Project }) {
  const { t } = useLingui();
  const notSet = t`Not set`;
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight break-words">{project.name}</h1>
          <ProjectStatusBadge status={project.status} />
        </div>
        <p className="text-sm whitespace-pre-wrap text-muted-foreground">{project.description || t`No description provided`}</p>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Detail label={t`Start Date`}>{formatDate(project.startDate, notSet)}</Detail>
          <Detail label={t`End Date`}>{formatDate(project.endDate, notSet)}</Detail>
          {project.assignee ? <Detail label={t`Responsible`}>{displayName(project.assignee)}</Detail> : null}
        </dl>
      </CardContent>
    </Card>
  );
}
