import { z } from "zod";
import { createRecurringInvoiceInputSchema, recurringInvoiceDetailSchema, recurringInvoiceSchema } from "@/shared/schemas/recurring";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { bodyWrite, idRead, jsonContent, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { changeRecurringInvoice, createRecurringInvoice, findRecurringInvoice, listRecurringInvoices } from "./recurring.service";

/* Recurring invoices (ADR 048): the team's templates and schedules; the job issues them. */

const route = sessionRoutes("Recurring invoices");

const list = route.get("/", "listRecurringInvoices", "Admin: every recurring invoice, newest first, with its next three dates", [401, 403], {
  middleware: adminOnly,
  responses: { 200: jsonContent(z.array(recurringInvoiceSchema), "The recurring invoices") },
});

const create = idempotent(
  route.post("/", "createRecurringInvoice", "Admin: issue an invoice on a schedule", [400, 401, 403], {
    description:
      "Monthly, quarterly or yearly on `dayOfMonth` (a month without that day issues on its last), from `startDate`, until `endDate` or `count` invoices " +
      "(not both: 400 naming `count`; an `endDate` before `startDate` is 400 naming `endDate`). " +
      "The first issue is the first scheduled date on or after today in TIME_ZONE's calendar. Each invoice is issued at TIME_ZONE's midnight of its date, once, " +
      "with the next number of the series, as `issueStatus` says (`unpaid` issued, `draft` for an admin to issue), due `dueDays` after its date. " +
      "Periods missed while the server was down are issued once each, dated for their period.",
    middleware: adminOnly,
    ...bodyWrite(createRecurringInvoiceInputSchema, 201, recurringInvoiceDetailSchema, "The recurring invoice"),
  }),
);

const get = route.get("/{id}", "getRecurringInvoice", "Admin: one recurring invoice with the invoices it issued", [400, 401, 403, 404], {
  middleware: adminOnly,
  ...idRead(recurringInvoiceDetailSchema, "The recurring invoice"),
});

const action = (name: "pause" | "resume" | "end", summary: string, description: string) =>
  route.post(`/{id}/${name}`, `${name}RecurringInvoice`, summary, [400, 401, 403, 404, 409], {
    description,
    middleware: adminOnly,
    ...idRead(recurringInvoiceDetailSchema, "The recurring invoice"),
  });

const pause = action("pause", "Admin: stop issuing until resumed", "Only an active schedule pauses (409 naming `status` otherwise).");
const resume = action("resume", "Admin: issue again from the next date to come", "The dates that passed while paused are not issued. Only a paused schedule resumes (409).");
const end = action("end", "Admin: end the schedule for good", "Its issued invoices stay as they are. An ended schedule answers 409.");

export function recurringInvoiceRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listRecurringInvoices(c.var.ctx), 200))
    .openapi(create, async (c) => c.json(await createRecurringInvoice(c.var.ctx, c.req.valid("json")), 201))
    .openapi(get, async (c) => c.json(await findRecurringInvoice(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(pause, async (c) => c.json(await changeRecurringInvoice(c.var.ctx, { id: c.req.valid("param").id, action: "pause" }), 200))
    .openapi(resume, async (c) => c.json(await changeRecurringInvoice(c.var.ctx, { id: c.req.valid("param").id, action: "resume" }), 200))
    .openapi(end, async (c) => c.json(await changeRecurringInvoice(c.var.ctx, { id: c.req.valid("param").id, action: "end" }), 200));
}
