/** A project's page in the customer area, by slug when it has one (D7), else by id. */
export const customerProjectPath = (project: { id: string; slug: string }) =>
  `/dashboard/projects/${encodeURIComponent(project.slug || project.id)}`;
