import { HeadedPage } from "@/web/components/layout/page-header";
import { ProjectGrid } from "@/web/features/projects/components/project-grid";

export function ProjectsRoute() {
  return (
    <HeadedPage title="Projects" description="Everything we are working on for your company.">
      <ProjectGrid />
    </HeadedPage>
  );
}
