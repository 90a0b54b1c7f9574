import { z } from "zod";
import {
  companyListQuerySchema,
  companyOptionSchema,
  companyOptionsQuerySchema,
  companyPageSchema,
  companyProfileInputSchema,
  companySchema,
  myCompanySchema,
  saveCompanyProfileResultSchema,
} from "@/shared/schemas/company";
import { createRouter } from "../../http/context";
import { idParams, jsonBody, jsonContent, sessionRoutes } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { createCompany, findCompany, findMyCompany, listCompanies, listCompanyOptions, saveMyCompany, updateCompany } from "./companies.service";

const route = sessionRoutes("Companies");
const adminOnly = requireRole("admin");

const listRoute = route(
  "listCompanies",
  {
    method: "get",
    path: "/",
    summary: "Admin: customer companies with project and user counts",
    middleware: adminOnly,
    request: { query: companyListQuerySchema },
    responses: { 200: jsonContent(companyPageSchema, "A page of companies") },
  },
  [400, 401, 403],
);

const optionsRoute = route(
  "listCompanyOptions",
  {
    method: "get",
    path: "/options",
    summary: "Admin: up to `limit` companies whose name contains `q`, ordered by name, for pickers",
    middleware: adminOnly,
    request: { query: companyOptionsQuerySchema },
    responses: { 200: jsonContent(z.array(companyOptionSchema), "Companies") },
  },
  [401, 403],
);

const mineRoute = route(
  "getMyCompany",
  {
    method: "get",
    path: "/mine",
    summary: "The caller's company (null before the profile is created) and its active project count",
    responses: { 200: jsonContent(myCompanySchema, "The caller's company") },
  },
  [401],
);

// The admin's "New Customer": the same profile contract, for a company nobody belongs to yet.
const createCompanyRoute = route(
  "createCompany",
  {
    method: "post",
    path: "/",
    summary: "Admin: create a customer company (without members)",
    middleware: adminOnly,
    request: { body: jsonBody(companyProfileInputSchema) },
    responses: { 201: jsonContent(companySchema, "The new company") },
  },
  [400, 401, 403],
);

// The customer's own profile form; admins create and edit companies through POST / and PUT /{id}.
const saveMineRoute = route(
  "saveMyCompany",
  {
    method: "put",
    path: "/mine",
    summary: "Customer: save the company profile, creating company and membership when there is none",
    middleware: requireRole("customer"),
    request: { body: jsonBody(companyProfileInputSchema) },
    responses: {
      200: jsonContent(saveCompanyProfileResultSchema, "Updated"),
      201: jsonContent(saveCompanyProfileResultSchema, "Created with the caller as member"),
    },
  },
  [400, 401, 403, 409],
);

const getRoute = route(
  "getCompany",
  {
    method: "get",
    path: "/{id}",
    summary: "One company: any for admins, a customer's own only",
    request: { params: idParams },
    responses: { 200: jsonContent(companySchema, "The company") },
  },
  [400, 401, 404],
);

// PUT like the customer's own form: the whole profile is sent, and a field left out is stored as null.
const updateCompanyRoute = route(
  "updateCompany",
  {
    method: "put",
    path: "/{id}",
    summary: "Admin: replace any company's profile",
    middleware: adminOnly,
    request: { params: idParams, body: jsonBody(companyProfileInputSchema) },
    responses: { 200: jsonContent(companySchema, "The updated company") },
  },
  [400, 401, 403, 404],
);

/** Static paths are registered before `/{id}` so "mine" and "options" never reach it. */
export function companiesRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listCompanies(c.var.ctx, c.req.valid("query")), 200))
    .openapi(optionsRoute, async (c) => c.json(await listCompanyOptions(c.var.ctx, c.req.valid("query")), 200))
    .openapi(mineRoute, async (c) => c.json(await findMyCompany(c.var.ctx), 200))
    .openapi(saveMineRoute, async (c) => {
      const result = await saveMyCompany(c.var.ctx, c.req.valid("json"));
      return result.created ? c.json(result, 201) : c.json(result, 200);
    })
    .openapi(createCompanyRoute, async (c) => c.json(await createCompany(c.var.ctx, c.req.valid("json")), 201))
    .openapi(getRoute, async (c) => c.json(await findCompany(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(updateCompanyRoute, async (c) => c.json(await updateCompany(c.var.ctx, { id: c.req.valid("param").id, profile: c.req.valid("json") }), 200));
}
