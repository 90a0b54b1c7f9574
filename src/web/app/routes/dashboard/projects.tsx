import { useLingui } from "@lingui/react/macro";
import { HeadedPage } from "@/web/components/layout/page-header";
import { ProjectGrid } from "@/web/features/projects/components/project-grid";

export function ProjectsRoute() {
  const { t } = useLingui();
  return (
    <HeadedPage title={t`Projects`} description={t`Everything we are working on for your company.`}>
      <ProjectGrid />
    </HeadedPage>
  );
}
