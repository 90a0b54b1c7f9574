import { formatDate, formatInstantDate } from "@/shared/format";
import type { Project } from "@/shared/schemas/project";
import { ProjectStatusBadge } from "@/web/components/status-badges";
import { SortableHead, type SortDirection } from "@/web/components/ui/pagination";
import { LinkCell, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";

interface ProjectsTableProps {
  projects: Project[];
  sort: SortDirection;
  onSortChange: (sort: SortDirection) => void;
  /** Off on a customer's own screen, where every row is that company's. */
  showCompany?: boolean;
}

/**
 * Links by id (spec: "/admin/projects/{slug or id}"): slugs are unique per company only (ADR on
 * the outside-probe fixes), so across companies a slug may name several projects.
 */
export function ProjectsTable({ projects, sort, onSortChange, showCompany = true }: ProjectsTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Project Name</TableHead>
          {showCompany ? <TableHead>Company</TableHead> : null}
          <TableHead>Status</TableHead>
          <TableHead>Start Date</TableHead>
          <SortableHead label="Created" sort={sort} onSortChange={onSortChange} />
        </TableRow>
      </TableHeader>
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
            <TableCell>{formatDate(project.startDate)}</TableCell>
            <TableCell>{formatInstantDate(project.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
