import { Trans, useLingui } from "@lingui/react/macro";
import { displayName, formatDate, formatInstantDate } from "@/shared/format";
import type { Project } from "@/shared/schemas/project";
import { ProjectStatusBadge } from "@/web/components/status-badges";
import { Avatar } from "@/web/components/ui/avatar";
import { SortableHead, type Sorting } from "@/web/components/ui/pagination";
import { LinkCell, Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";

interface ProjectsTableProps extends Sorting {
  projects: Project[];
  /** Off on a customer's own screen, where every row is that company's. */
  showCompany?: boolean;
}

/**
 * Links by id (spec: "/admin/projects/{slug or id}"): slugs are unique per company only (ADR on
 * the outside-probe fixes), so across companies a slug may name several projects.
 */
export function ProjectsTable({ projects, sort, onSortChange, showCompany = true }: ProjectsTableProps) {
  const { t } = useLingui();
  const notAvailable = t`N/A`;
  return (
    <Table>
      <TableHeadings names={[t`Project Name`, ...(showCompany ? [t`Company`] : []), t`Status`, t`Assignee`, t`Start Date`]}>
        <SortableHead label={t`Created`} sort={sort} onSortChange={onSortChange} />
      </TableHeadings>
      <TableBody>
        {projects.map((project) => (
          <TableRow key={project.id}>
            <LinkCell main to={`/admin/projects/${project.id}`}>
              {project.name}
            </LinkCell>
            {showCompany ? (
              <LinkCell to={`/admin/customers/${project.company.id}`}>{project.company.name}</LinkCell>
            ) : null}
            <TableCell>
              <ProjectStatusBadge status={project.status} />
            </TableCell>
            <TableCell>
              {project.assignee ? (
                <span className="inline-flex items-center gap-2">
                  <Avatar name={displayName(project.assignee)} decorative />
                  {displayName(project.assignee)}
                </span>
              ) : (
                <span className="text-muted-foreground">
                  <Trans>Unassigned</Trans>
                </span>
              )}
            </TableCell>
            <TableCell>{formatDate(project.startDate, notAvailable)}</TableCell>
            <TableCell>{formatInstantDate(project.createdAt, notAvailable)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
