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
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight break-words">{project.name}</h1>
          <ProjectStatusBadge status={project.status} />
        </div>
        <p className="text-sm whitespace-pre-wrap text-muted-foreground">{project.description || "No description provided"}</p>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Detail label="Start Date">{formatDate(project.startDate, "Not set")}</Detail>
          <Detail label="End Date">{formatDate(project.endDate, "Not set")}</Detail>
          {project.assignee ? <Detail label="Responsible">{displayName(project.assignee)}</Detail> : null}
        </dl>
      </CardContent>
    </Card>
  );
}
