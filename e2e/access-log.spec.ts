import { E2E_ADMIN } from "./support/constants";
import { adminApi, createInvoice, createProject, createTicket, customerWithCompany, tag } from "./support/customer-data";
import { expect, test } from "./support/fixtures";

test.describe("the access log a company reads (ADR 050)", () => {
  test("shows the owner the admin's reads of a ticket and an invoice; another company's owner sees none of it", async ({ browser, adminPage }) => {
    const run = tag();
    const owner = await customerWithCompany(browser, `Audited ${run}`, "Olive Owner");
    const other = await customerWithCompany(browser, `Bystander ${run}`, "Brook Bystander");
    const admin = await adminApi(browser);
    const project = await createProject(admin, owner.company.id, { name: `Portal ${run}` });
    const ticket = await createTicket(owner.context.request, { projectId: project.id, title: `Export broken ${run}` });
    const invoice = await createInvoice(admin, owner.company.id, { invoiceNumber: `AL-${run}`, amount: "120.00", issueDate: "2026-03-01" });
    await admin.close();

    // The admin opens the ticket and the invoice in the admin area.
    await adminPage.goto(`/admin/tickets/${ticket.id}`);
    await expect(adminPage.getByText(`Export broken ${run}`).first()).toBeVisible();
    await adminPage.goto(`/admin/invoices/${invoice.id}`);
    await expect(adminPage.getByText(`AL-${run}`).first()).toBeVisible();

    // The owner finds both reads on the Access log page, with the admin's address. (Test ids and
    // the records' own data: the page's texts are new messages, shown as a pseudo-locale until
    // the catalogues have them.)
    const page = owner.page;
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/dashboard/access-log"]').click();
    await expect(page).toHaveURL(/\/dashboard\/access-log$/);
    const reads = page.locator('[data-testid="access-log-row"][data-access="read"]');
    await expect(reads.filter({ hasText: `Export broken ${run}` })).toHaveCount(1);
    await expect(reads.filter({ hasText: `AL-${run}` })).toHaveCount(1);
    await expect(reads.filter({ hasText: `AL-${run}` })).toContainText(E2E_ADMIN.email);
    await expect(page.getByTestId("access-log-public-key")).toContainText("BEGIN PUBLIC KEY");
    await page.getByTestId("access-log-verify").click();
    await expect(page.getByTestId("access-log-verdict")).toHaveAttribute("data-intact", "true");

    // Another company's owner: an empty log, with none of the audited company's records in it.
    await other.page.goto("/dashboard/access-log");
    await expect(other.page.getByTestId("access-log-empty")).toBeVisible();
    await expect(other.page.getByTestId("access-log-row")).toHaveCount(0);
    const answer = await other.context.request.get(`/api/access-log?companyId=${owner.company.id}`);
    expect(answer.status()).toBe(200);
    const text = await answer.text();
    expect(text).not.toContain(ticket.id);
    expect(text).not.toContain(invoice.id);

    await owner.context.close();
    await other.context.close();
  });
});
