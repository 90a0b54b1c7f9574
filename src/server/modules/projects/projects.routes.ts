import { z } from "zod";
import {
  createProjectInputSchema,
  projectListQuerySchema,
  projectPageSchema,
  projectSchema,
  updateProjectInputSchema,
} from "@/shared/schemas/project";
import { createRouter } from "../../http/context";
import { idParams, jsonBody, jsonContent, sessionRoutes } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { createProject, findProject, listProjects, updateProject } from "./projects.service";

const route = sessionRoutes("Projects");

const listRoute = route(
  "listProjects",
  {
    method: "get",
    path: "/",
    summary: "Projects the caller may see, newest first unless sort=asc",
    request: { query: projectListQuerySchema },
    responses: { 200: jsonContent(projectPageSchema, "A page of projects") },
  },
  [400, 401],
);

const getRoute = route(
  "getProject",
  {
    method: "get",
    // Named like the other /projects/{id} paths: OpenAPI forbids two templates differing only by name.
    path: "/{id}",
    summary: "One project by id or slug, with company and assignee",
    request: { params: z.object({ id: z.string().min(1).max(300).describe("The project's id or slug") }) },
    responses: { 200: jsonContent(projectSchema, "The project") },
  },
  [401, 404],
);

const createProjectRoute = route(
  "createProject",
  {
    method: "post",
    path: "/",
    summary: "Admin: create a project for a company; the slug comes from the name",
    middleware: requireRole("admin"),
    request: { body: jsonBody(createProjectInputSchema) },
    responses: { 201: jsonContent(projectSchema, "The new project") },
  },
  [400, 401, 403, 409],
);

const updateRoute = route(
  "updateProject",
  {
    method: "patch",
    path: "/{id}",
    summary: "Admin: edit a project (the slug never changes)",
    middleware: requireRole("admin"),
    request: { params: idParams, body: jsonBody(updateProjectInputSchema) },
    responses: { 200: jsonContent(projectSchema, "The updated project") },
  },
  [400, 401, 403, 404],
);

export function projectsRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listProjects(c.var.ctx, c.req.valid("query")), 200))
    .openapi(getRoute, async (c) => c.json(await findProject(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(createProjectRoute, async (c) => c.json(await createProject(c.var.ctx, c.req.valid("json")), 201))
    .openapi(updateRoute, async (c) => {
      const project = await updateProject(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") });
      return c.json(project, 200);
    });
}
