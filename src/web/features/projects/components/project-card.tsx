import { useLingui } from "@lingui/react/macro";
import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { formatInstantDate } from "@/shared/format";
import type { Project } from "@/shared/schemas/project";
import { ProjectStatusBadge } from "@/web/components/status-badges";
import { Card, CardContent } from "@/web/components/ui/card";
import { customerProjectPath } from "../lib/customer-project-path";

/** A project in the customer's grid; the whole card links to the detail by slug (D7). */
export function ProjectCard({ project }: { project: Project }) {
  const { t } = useLingui();
  const started = formatInstantDate(project.createdAt, t`N/A`);
  return (
    <Link
      to={customerProjectPath(project)}
      className="group block h-full rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
    >
      <Card className="flex h-full flex-col transition-shadow group-hover:shadow-md">
        <div className="flex items-start justify-between gap-3 p-6 pb-4">
          <h2 className="text-lg leading-snug font-semibold break-words group-hover:underline">{project.name}</h2>
          <span className="shrink-0">
            <ProjectStatusBadge status={project.status} />
          </span>
        </div>
        <CardContent className="flex flex-1 flex-col justify-between gap-4">
          <p className="line-clamp-3 text-sm text-muted-foreground">{project.description || t`No description provided`}</p>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <CalendarDays className="h-3.5 w-3.5" aria-hidden />
            {t`Started ${started}`}
          </p>
        </CardContent>
      </Card>
    </Link>
  );
}
