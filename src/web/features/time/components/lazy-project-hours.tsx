import { lazy, Suspense } from "react";

/*
 * The customer's Hours summary (project-hours.tsx) as a lazy component: fetched with the project
 * page's first render rather than with the customer area, whose budget of bytes it would not fit
 * (bench/bundle-budget.ts). Nothing holds its place: it shows only when time was logged.
 */
const Hours = lazy(() => import("./project-hours").then((module) => ({ default: module.ProjectHours })));

export function LazyProjectHours({ projectId }: { projectId: string }) {
  return (
    <Suspense fallback={null}>
      <Hours projectId={projectId} />
    </Suspense>
  );
}
