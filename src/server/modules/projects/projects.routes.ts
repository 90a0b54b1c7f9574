import { z } from "zod";
import {
  createProjectInputSchema,
  projectListQuerySchema,
  projectPageSchema,
  projectSchema,
  updateProjectInputSchema,
} from "@/shared/schemas/project";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { bodyWrite, idRead, idWrite, jsonContent, queryRead, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { createProject, listProjects, readProject, updateProject } from "./projects.service";
import { setInboxProject } from "./project-inbox";
import { withAccessReason } from "../access-log/access-reason-openapi";

const route = sessionRoutes("Projects");

const listRoute = route.get("/", "listProjects", "Projects the caller may see, newest first unless sort=asc", [400, 401], {
  description:
    "A customer's company's projects, or for an admin every company's. Filters: companyId (within the caller's scope: it never " +
    'widens it), status, assignedTo (a team member\'s id or "unassigned") and a name search `q`.',
  ...queryRead(projectListQuerySchema, projectPageSchema, "A page of projects"),
});

// Named like the other /projects/{id} paths: OpenAPI forbids two templates differing only by name.
const getRoute = route.get("/{id}", "getProject", "One project by id or slug, with company and assignee", [400, 401, 404], withAccessReason({
  request: { params: z.object({ id: z.string().min(1).max(300).describe("The project's id or slug") }) },
  responses: { 200: jsonContent(projectSchema, "The project") },
}));

const createProjectRoute = idempotent(route.post("/", "createProject", "Admin: create a project for a company; the slug comes from the name", [400, 401, 403, 409], {
  middleware: adminOnly,
  ...bodyWrite(createProjectInputSchema, 201, projectSchema, "The new project"),
}));

const updateRoute = route.patch("/{id}", "updateProject", "Admin: edit a project (the slug never changes)", [400, 401, 403, 404], {
  middleware: adminOnly,
  ...idWrite(updateProjectInputSchema, 200, projectSchema, "The updated project"),
});

const inboxRoute = route.put("/{id}/inbox", "markInboxProject", "Admin: make the project its company's inbox for support mail", [400, 401, 403, 404], {
  description:
    "Support mail to the company (mail in, ADR 044) then opens its tickets in this project; the project that was the inbox before becomes an ordinary one. " +
    "Without an inbox, support mail goes to the company's \"General\" project, made on first use.",
  middleware: adminOnly,
  ...idRead(projectSchema, "The project, now the company's inbox"),
});

const notInboxRoute = route.delete("/{id}/inbox", "unmarkInboxProject", "Admin: make the project an ordinary one again (support mail goes to General)", [400, 401, 403, 404], {
  middleware: adminOnly,
  ...idRead(projectSchema, "The project, no longer the inbox"),
});

export function projectsRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listProjects(c.var.ctx, c.req.valid("query")), 200))
    .openapi(getRoute, async (c) => c.json(await readProject(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(createProjectRoute, async (c) => c.json(await createProject(c.var.ctx, c.req.valid("json")), 201))
    .openapi(updateRoute, async (c) => {
      const project = await updateProject(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") });
      return c.json(project, 200);
    })
    .openapi(inboxRoute, async (c) => c.json(await setInboxProject(c.var.ctx, { id: c.req.valid("param").id, inbox: true }), 200))
    .openapi(notInboxRoute, async (c) => c.json(await setInboxProject(c.var.ctx, { id: c.req.valid("param").id, inbox: false }), 200));
}
