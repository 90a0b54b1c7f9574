import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { ProjectList } from "@/web/features/projects/components/admin/project-list";

export function AdminProjectsRoute() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Projects`} description={t`Projects of every customer.`} />
      <ProjectList />
    </>
  );
}
