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
import { idempotent } from "../../http/idempotency";
import { bodyWrite, idRead, idWrite, jsonBody, jsonContent, queryRead, sessionRoutes } from "../../http/openapi";
import { adminOnly, requireRole } from "../../http/session";
import { createCompany, findCompany, findMyCompany, listCompanies, listCompanyOptions, saveMyCompany, updateCompany } from "./companies.service";

const route = sessionRoutes("Companies");

const listRoute = route.get("/", "listCompanies", "Admin: customer companies with project and user counts", [400, 401, 403], {
  middleware: adminOnly,
  ...queryRead(companyListQuerySchema, companyPageSchema, "A page of companies"),
});

const optionsRoute = route.get("/options", "listCompanyOptions", "Admin: up to `limit` companies whose name contains `q`, ordered by name, for pickers", [400, 401, 403], {
  middleware: adminOnly,
  ...queryRead(companyOptionsQuerySchema, z.array(companyOptionSchema), "Companies"),
});

const mineRoute = route.get("/mine", "getMyCompany", "The caller's company (null before the profile is created) and its active project count", [401], {
  responses: { 200: jsonContent(myCompanySchema, "The caller's company") },
});

// The admin's "New Customer": the same profile contract, for a company nobody belongs to yet.
const createCompanyRoute = idempotent(route.post("/", "createCompany", "Admin: create a customer company (without members)", [400, 401, 403], {
  middleware: adminOnly,
  ...bodyWrite(companyProfileInputSchema, 201, companySchema, "The new company"),
}));

// The customer's own profile form; admins create and edit companies through POST / and PUT /{id}.
const saveMineRoute = route.put("/mine", "saveMyCompany", "Customer: save the company profile, creating company and membership when there is none", [400, 401, 403, 409], {
  middleware: requireRole("customer"),
  request: { body: jsonBody(companyProfileInputSchema) },
  responses: {
    200: jsonContent(saveCompanyProfileResultSchema, "Updated"),
    201: jsonContent(saveCompanyProfileResultSchema, "Created with the caller as member"),
  },
});

const getRoute = route.get("/{id}", "getCompany", "One company: any for admins, a customer's own only", [400, 401, 404], {
  ...idRead(companySchema, "The company"),
});

// PUT like the customer's own form: the whole profile is sent, and a field left out is stored as null.
const updateCompanyRoute = route.put("/{id}", "updateCompany", "Admin: replace any company's profile", [400, 401, 403, 404], {
  middleware: adminOnly,
  ...idWrite(companyProfileInputSchema, 200, companySchema, "The updated company"),
});

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
