import { PageHeader } from "@/web/components/layout/page-header";
import { ProjectList } from "@/web/features/projects/components/admin/project-list";

export function AdminProjectsRoute() {
  return (
    <>
      <PageHeader title="Projects" description="Projects of every customer." />
      <ProjectList />
    </>
  );
}
