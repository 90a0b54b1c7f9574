import { describe, expect, it } from "vitest";
import { customerWithProject, insertProject } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { todayIn } from "../invoices/overdue";

/** Time the team logs and bills (issue 42, ADR 047): the rates, the rules, the invoice and its release. */
const server = serverForFile(undefined, { DEFAULT_HOURLY_RATE: "" });
const admin = beforeAllTests(() => server.createUser({ admin: true }));

const entry = (projectId: string, body: Record<string, unknown> = {}) => ({ projectId, workDate: "2026-11-03", minutes: 60, description: "Design review", rate: "100", ...body });
const log = async (projectId: string, body: Record<string, unknown> = {}) => {
  const response = await admin.client.post("/api/time-entries", entry(projectId, body));
  expect(response.status).toBe(201);
  return response.body;
};
const invoiceTime = (companyId: string, body: Record<string, unknown> = {}) =>
  admin.client.post("/api/invoices/from-time", { companyId, from: "2026-11-01", to: "2026-11-30", ...body });
const entriesOf = async (companyId: string, billing?: "billed" | "unbilled") =>
  (await admin.client.get(`/api/time-entries?companyId=${companyId}${billing ? `&billing=${billing}` : ""}`)).body.items;

describe("POST /api/time-entries", () => {
  it("logs time at the entry's rate, else the project's hourly rate; billable time with neither is refused naming rate", async () => {
    const { project, company } = await customerWithProject(server, "Rates Ltd");
    const own = await log(project.id, { rate: "120.50" });
    expect(own).toMatchObject({ project: { id: project.id }, company: { id: company.id }, ticket: null, minutes: 60, rate: "120.50", billable: true, invoice: null, loggedBy: { id: admin.id } });

    const missing = await admin.client.post("/api/time-entries", entry(project.id, { rate: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.problem.errors).toEqual([{ field: "rate", message: "Enter a rate: the project has no hourly rate" }]);
    const notBilled = await log(project.id, { rate: undefined, billable: false });
    expect(notBilled.rate).toBe("0.00");

    expect((await admin.client.put(`/api/projects/${project.id}/time`, { hourlyRate: "85", monthlyBudgetHours: 20 })).status).toBe(200);
    expect((await log(project.id, { rate: undefined })).rate).toBe("85.00");
    // The entry logged before keeps the rate it was logged at.
    expect((await entriesOf(company.id)).find((item) => item.id === own.id)?.rate).toBe("120.50");
  });

  it.each([
    ["minutes", { minutes: 0 }, "Minutes must be a whole number from 1 to 1440"],
    ["minutes", { minutes: 1441 }, "Minutes must be a whole number from 1 to 1440"],
    ["minutes", { minutes: 1.5 }, "Minutes must be a whole number from 1 to 1440"],
    ["description", { description: "   " }, "Description is required"],
    ["workDate", { workDate: "03.11.2026" }, "Date must be a date (YYYY-MM-DD)"],
    ["rate", { rate: "-1" }, undefined],
  ])("refuses %s %j with 400 naming it, and logs nothing", async (field, body, message) => {
    const { project, company } = await customerWithProject(server, `Bad ${field} Ltd`);
    const response = await admin.client.post("/api/time-entries", entry(project.id, body));
    expect(response.status).toBe(400);
    expect(response.problem.errors?.[0]?.field).toBe(field);
    if (message) expect(response.problem.errors?.[0]?.message).toBe(message);
    expect(await entriesOf(company.id)).toEqual([]);
  });

  it("refuses a ticket of another project naming ticketId, and takes one of its own", async () => {
    const { project, company, customer } = await customerWithProject(server, "Tickets Ltd");
    const other = await insertProject(server, company.id, "Other project");
    const ticketIn = async (projectId: string) => (await customer.client.post("/api/tickets", { projectId, title: "Slow checkout" })).body;
    const foreign = await ticketIn(other.id);
    const refused = await admin.client.post("/api/time-entries", entry(project.id, { ticketId: foreign.id }));
    expect(refused.status).toBe(400);
    expect(refused.problem.errors).toEqual([{ field: "ticketId", message: "Choose a ticket of this project" }]);
    const own = await ticketIn(project.id);
    expect((await log(project.id, { ticketId: own.id })).ticket).toEqual({ id: own.id, number: own.number, title: "Slow checkout" });
  });

  it("is the team's: a customer can neither log nor list time, but sees their project's hours, and another company's project is 404", async () => {
    const { project, customer } = await customerWithProject(server, "Hours Ltd");
    const other = await customerWithProject(server, "Other Hours Ltd");
    await admin.client.put(`/api/projects/${project.id}/time`, { hourlyRate: null, monthlyBudgetHours: 10 });
    const month = todayIn("UTC").slice(0, 7);
    await log(project.id, { workDate: `${month}-01`, minutes: 90 });
    await log(project.id, { workDate: "2020-01-15", minutes: 30 });

    expect((await customer.client.post("/api/time-entries", entry(project.id))).status).toBe(403);
    expect((await customer.client.get(`/api/time-entries?projectId=${project.id}`)).status).toBe(403);
    expect((await customer.client.put(`/api/projects/${project.id}/time`, { hourlyRate: "1", monthlyBudgetHours: null })).status).toBe(403);
    const hours = await customer.client.get(`/api/projects/${project.id}/time`);
    expect(hours.status).toBe(200);
    expect(hours.body).toEqual({ totalMinutes: 120, monthMinutes: 90, month, monthlyBudgetHours: 10, hourlyRate: null });
    expect((await other.customer.client.get(`/api/projects/${project.id}/time`)).status).toBe(404);
  });
});

describe("POST /api/invoices/from-time", () => {
  async function loggedNovember() {
    const { company, project, customer } = await customerWithProject(server, `Billed ${Math.random().toString(36).slice(2, 8)} Ltd`);
    const support = await insertProject(server, company.id, "Support retainer");
    await log(project.id, { minutes: 90 });
    await log(project.id, { minutes: 30, workDate: "2026-11-20" });
    await log(support.id, { minutes: 45, rate: "80" });
    await log(support.id, { minutes: 30, billable: false });
    await log(project.id, { minutes: 60, workDate: "2026-12-01" });
    return { company, project, support, customer };
  }

  it("turns the period's billable time into a line per project and rate, marks it billed, and voiding the invoice releases it", async () => {
    const { company, project } = await loggedNovember();
    const response = await invoiceTime(company.id, { status: "unpaid" });
    expect(response.status).toBe(201);
    const invoice = response.body;
    expect(invoice).toMatchObject({ status: "unpaid", amount: "260.00", subtotal: "260.00", tax: "0.00", company: { id: company.id } });
    const detail = (await admin.client.get(`/api/invoices/${invoice.id}`)).body;
    expect(detail.lines.map(({ description, quantity, unitPrice, total }) => ({ description, quantity, unitPrice, total }))).toEqual([
      { description: `${project.name}: time 2026-11-01 to 2026-11-30`, quantity: "2.000", unitPrice: "100.00", total: "200.00" },
      { description: "Support retainer: time 2026-11-01 to 2026-11-30", quantity: "0.750", unitPrice: "80.00", total: "60.00" },
    ]);

    const billed = await entriesOf(company.id, "billed");
    expect(billed.map((item) => item.minutes).toSorted()).toEqual([30, 45, 90]);
    expect(billed.every((item) => item.invoice?.id === invoice.id)).toBe(true);
    // Billed time stays as billed.
    const change = await admin.client.patch(`/api/time-entries/${billed[0]!.id}`, { minutes: 10 });
    expect(change.status).toBe(409);
    expect(change.problem.detail).toBe("Billed time cannot change: void its invoice first");
    expect((await admin.client.delete(`/api/time-entries/${billed[0]!.id}`)).status).toBe(409);
    // Nothing left to bill in the period.
    const again = await invoiceTime(company.id);
    expect(again.status).toBe(409);
    expect(again.problem.errors).toEqual([{ field: "to", message: "No unbilled billable time in this period" }]);

    expect((await admin.client.patch(`/api/invoices/${invoice.id}`, { status: "void" })).status).toBe(200);
    expect((await entriesOf(company.id, "unbilled")).map((item) => item.minutes).toSorted()).toEqual([30, 45, 60, 90]);
    const rebilled = await invoiceTime(company.id);
    expect(rebilled.status).toBe(201);
    expect(rebilled.body).toMatchObject({ status: "draft", amount: "260.00" });
  });

  it("makes one invoice of two requests at once", async () => {
    const { company } = await loggedNovember();
    const answers = await Promise.all([invoiceTime(company.id), invoiceTime(company.id)]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([201, 409]);
    const invoices = (await admin.client.get(`/api/invoices?companyId=${company.id}`)).body.items;
    expect(invoices).toHaveLength(1);
  });

  it("moves the time to the re-issued copy once it is issued, and releases it when a draft is deleted", async () => {
    const { company } = await loggedNovember();
    const original = (await invoiceTime(company.id, { status: "unpaid" })).body;
    const copy = (await admin.client.post(`/api/invoices/${original.id}/reissue`)).body;
    expect((await admin.client.patch(`/api/invoices/${copy.id}`, { status: "unpaid", dueDate: "2027-01-31" })).status).toBe(200);
    const billed = await entriesOf(company.id, "billed");
    expect(billed).toHaveLength(3);
    expect(billed.every((item) => item.invoice?.id === copy.id)).toBe(true);

    const other = await loggedNovember();
    const draft = (await invoiceTime(other.company.id)).body;
    expect((await admin.client.delete(`/api/invoices/${draft.id}`)).status).toBe(204);
    expect(await entriesOf(other.company.id, "billed")).toEqual([]);
    expect(await entriesOf(other.company.id, "unbilled")).toHaveLength(4);
  });

  it("refuses a customer (403), an unknown company (400 naming companyId) and a period that ends before it starts (400 naming to)", async () => {
    const { company, customer } = await loggedNovember();
    expect((await customer.client.post("/api/invoices/from-time", { companyId: company.id, to: "2026-11-30" })).status).toBe(403);
    const unknown = await invoiceTime("00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(400);
    expect(unknown.problem.errors?.[0]?.field).toBe("companyId");
    const backwards = await invoiceTime(company.id, { from: "2026-11-30", to: "2026-11-01" });
    expect(backwards.status).toBe(400);
    expect(backwards.problem.errors).toEqual([{ field: "to", message: "End date cannot be before the start date" }]);
    expect(await entriesOf(company.id, "billed")).toEqual([]);
  });
});
