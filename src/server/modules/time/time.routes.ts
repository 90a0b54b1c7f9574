import { invoiceSchema } from "@/shared/schemas/invoice";
import {
  createTimeEntryInputSchema,
  invoiceTimeInputSchema,
  projectTimeSchema,
  projectTimeSettingsInputSchema,
  timeEntryListQuerySchema,
  timeEntryPageSchema,
  timeEntrySchema,
  updateTimeEntryInputSchema,
} from "@/shared/schemas/time-entry";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { bodyWrite, idRead, idRemoval, idWrite, queryRead, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { invoiceUnbilledTime } from "./invoice-time";
import { projectTime, setProjectTimeSettings } from "./project-time";
import { createTimeEntry, deleteTimeEntry, listTimeEntries, updateTimeEntry } from "./time-entries.service";

/* Tracked time (ADR 047): the team's entries, a project's hours, and billing them to an invoice. */

const route = sessionRoutes("Time");

const list = route.get("/", "listTimeEntries", "Admin: logged time, newest day of work first", [400, 401, 403], {
  description: "Filters: projectId, companyId, and `billing` (`unbilled`: billable entries on no invoice; `billed`: those on one).",
  middleware: adminOnly,
  ...queryRead(timeEntryListQuerySchema, timeEntryPageSchema, "A page of time entries"),
});

const create = idempotent(
  route.post("/", "createTimeEntry", "Admin: log time on a project, and optionally one of its tickets", [400, 401, 403], {
    description:
      "`rate` defaults to the project's hourly rate, then to DEFAULT_HOURLY_RATE; billable time with neither answers 400 naming `rate`. " +
      "`minutes` is a whole number from 1 to 1440; a `ticketId` must be of the project (400 naming `ticketId`).",
    middleware: adminOnly,
    ...bodyWrite(createTimeEntryInputSchema, 201, timeEntrySchema, "The entry"),
  }),
);

const update = route.patch("/{id}", "updateTimeEntry", "Admin: correct an entry not yet billed", [400, 401, 403, 404, 409], {
  description: "Billed time answers 409 until its invoice is voided, which releases it. A `ticketId` must be of the entry's project (400 naming `ticketId`).",
  middleware: adminOnly,
  ...idWrite(updateTimeEntryInputSchema, 200, timeEntrySchema, "The entry"),
});

const remove = route.delete("/{id}", "deleteTimeEntry", "Admin: remove an entry not yet billed", [400, 401, 403, 404, 409], {
  middleware: adminOnly,
  ...idRemoval("Removed"),
});

/** /time-entries */
export function timeEntryRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listTimeEntries(c.var.ctx, c.req.valid("query")), 200))
    .openapi(create, async (c) => c.json(await createTimeEntry(c.var.ctx, c.req.valid("json")), 201))
    .openapi(update, async (c) => c.json(await updateTimeEntry(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") }), 200))
    .openapi(remove, async (c) => {
      await deleteTimeEntry(c.var.ctx, c.req.valid("param").id);
      return c.body(null, 204);
    });
}

const projectRoute = sessionRoutes("Projects");

const hours = projectRoute.get("/{id}/time", "getProjectTime", "The hours logged on a project the caller may see", [400, 401, 404], {
  description: "Every logged minute, this month's (in TIME_ZONE's calendar), the monthly budget of hours and the hourly rate. Another company's project answers 404.",
  ...idRead(projectTimeSchema, "The project's hours"),
});

const settings = projectRoute.put("/{id}/time", "setProjectTime", "Admin: a project's hourly rate and monthly budget of hours", [400, 401, 403, 404], {
  description: "The rate applies to time logged from now on; logged entries keep theirs. null clears either.",
  middleware: adminOnly,
  ...idWrite(projectTimeSettingsInputSchema, 200, projectTimeSchema, "The project's hours"),
});

/** /projects/{id}/time */
export function projectTimeRoutes() {
  return createRouter()
    .openapi(hours, async (c) => c.json(await projectTime(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(settings, async (c) => c.json(await setProjectTimeSettings(c.var.ctx, { id: c.req.valid("param").id, changes: c.req.valid("json") }), 200));
}

const fromTime = idempotent(
  sessionRoutes("Invoices").post("/from-time", "invoiceUnbilledTime", "Admin: bill a company's unbilled time of a period as one invoice", [400, 401, 403, 409], {
    description:
      "Every billable entry of the company dated within `from`–`to` (inclusive) and on no invoice becomes a line per project and rate: the hours to the thousandth, at each entry's rate. " +
      "The entries are then billed by the invoice; voiding it (or deleting its draft) releases them. Nothing to bill answers 409 naming `to`; " +
      "two requests at once make one invoice. A `from` after `to` is 400 naming `to`, a `dueDate` before today (the issue date) 400 naming `dueDate`. `status` is `draft` unless `unpaid` issues it at once; the number defaults to the next of the series.",
    middleware: adminOnly,
    ...bodyWrite(invoiceTimeInputSchema, 201, invoiceSchema, "The invoice"),
  }),
);

/** /invoices/from-time */
export function invoiceTimeRoutes() {
  return createRouter().openapi(fromTime, async (c) => c.json(await invoiceUnbilledTime(c.var.ctx, c.req.valid("json")), 201));
}
