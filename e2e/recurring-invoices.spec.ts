import { adminCreatesCompany } from "./support/admin-data";
import { formatDateInPage, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";

/** The last day of the month `offset` months after `year`-`month` (1-12), as YYYY-MM-DD. */
function lastDayOf(year: number, month: number, offset: number): string {
  return new Date(Date.UTC(year, month - 1 + offset + 1, 0)).toISOString().slice(0, 10);
}

test.describe("recurring invoices", () => {
  test("an admin opens Invoices → Recurring, sets up a monthly invoice on day 31 for a company, sees its next three dates (each month's last day), pauses, resumes and ends it", async ({ admin }) => {
    const company = await adminCreatesCompany(admin, `Recurring Co ${tag()}`);
    // The first of the month after next: no invoice falls due while the test runs, and the
    // three dates are the last days of that month and the two after it (day 31, or the month's last).
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
    const startDate = first.toISOString().slice(0, 10);
    const [year, month] = [first.getUTCFullYear(), first.getUTCMonth() + 1];
    const dates = [0, 1, 2].map((offset) => lastDayOf(year, month, offset));
    const page = await admin.context.newPage();

    // The admin bar has no entry for it: the way in is the Invoices page.
    await page.goto("/admin/invoices");
    await page.getByRole("link", { name: "Recurring", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\/recurring$/);
    await expect(page.getByRole("heading", { name: "Recurring invoices", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Invoices" })).toHaveAttribute("href", "/admin/invoices");

    await page.getByRole("button", { name: "New recurring invoice" }).click();
    const dialog = page.getByRole("dialog", { name: "Create recurring invoice" });
    await expect(dialog.getByLabel("Frequency")).toHaveValue("monthly");
    await expect(dialog.getByLabel("Each invoice is")).toHaveValue("unpaid");
    await expect(dialog.getByRole("radio", { name: "No end" })).toBeChecked();
    // The picker lists the first companies by name: with many, the admin types to find theirs.
    await dialog.getByRole("searchbox", { name: "Filter companies" }).fill(company.name);
    await dialog.getByLabel("Company").selectOption({ label: company.name });
    await dialog.getByLabel("Description, line 1").fill("Hosting");
    await dialog.getByLabel("Quantity, line 1").fill("1");
    await dialog.getByLabel("Unit Price, line 1").fill("49.90");
    await dialog.getByLabel("Tax %, line 1").fill("19");
    await expect(dialog.getByTestId("preview-total")).toHaveText("59.38");
    await dialog.getByRole("spinbutton", { name: "Days to pay" }).fill("14");
    await dialog.getByLabel("Start date").fill(startDate);
    await dialog.getByRole("radio", { name: "After a number of invoices" }).check();

    // Checked by the server's schema before it is sent, in the server's words, under the inputs.
    await dialog.getByRole("spinbutton", { name: "Day of the month" }).fill("32");
    await dialog.getByRole("button", { name: "Create recurring invoice" }).click();
    await expect(dialog.getByText("Day of the month must be a whole number from 1 to 31")).toBeVisible();
    await expect(dialog.getByText("Number of invoices must be a whole number from 1 to 1200")).toBeVisible();
    await expect(dialog.getByRole("spinbutton", { name: "Day of the month" })).toHaveAttribute("aria-invalid", "true");

    await dialog.getByRole("spinbutton", { name: "Day of the month" }).fill("31");
    await dialog.getByRole("spinbutton", { name: "Number of invoices" }).fill("12");
    await dialog.getByRole("button", { name: "Create recurring invoice" }).click();
    await expect(page.getByText("Recurring invoice created")).toBeVisible();
    await expect(dialog).toBeHidden();

    // In the list: the amount, the schedule in words, active, none issued yet, and its first date.
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: company.name, exact: true }) });
    await expect(row.getByRole("cell")).toHaveText([company.name, "$59.38", "Monthly on day 31", "Active", "0", await formatDateInPage(page, dates[0]!)]);
    await expect(row.locator("time")).toHaveAttribute("datetime", dates[0]!);

    await row.getByRole("link", { name: company.name, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\/recurring\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: `Recurring invoice for ${company.name}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("recurring-schedule")).toHaveText("Monthly on day 31A month without day 31 issues on its last day.");
    await expect(page.getByTestId("recurring-span")).toHaveText(`From ${await formatDateInPage(page, startDate)}, 12 invoices in all`);
    await expect(page.getByTestId("recurring-due-days")).toHaveText("14");
    await expect(page.getByTestId("recurring-total")).toHaveText("$59.38");
    await expect(page.getByRole("table", { name: "Invoice lines" }).getByRole("row").nth(1)).toContainText("Hosting");
    await expect(page.getByText("No invoice issued yet.")).toBeVisible();
    const upcoming = page.getByTestId("recurring-upcoming").locator("time");
    await expect(upcoming).toHaveCount(3);
    for (const [index, date] of dates.entries()) {
      await expect(upcoming.nth(index)).toHaveAttribute("datetime", date);
      await expect(upcoming.nth(index)).toHaveText(await formatDateInPage(page, date));
    }

    // Active: Pause and End, no Resume.
    const actions = page.getByRole("group", { name: "Recurring invoice actions" });
    await expect(actions.getByRole("button")).toHaveText(["Pause", "End"]);
    await actions.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByText("Recurring invoice paused")).toBeVisible();
    await expect(page.getByTestId("recurring-status")).toHaveText("Paused");
    await expect(actions.getByRole("button")).toHaveText(["Resume", "End"]);
    await expect(page.getByTestId("recurring-next-issues")).toHaveText("None while it is paused.");

    // Resumed before its first date: the same three dates again.
    await actions.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByText("Recurring invoice resumed")).toBeVisible();
    await expect(page.getByTestId("recurring-status")).toHaveText("Active");
    await expect(actions.getByRole("button")).toHaveText(["Pause", "End"]);
    await expect(upcoming).toHaveCount(3);
    await expect(upcoming.first()).toHaveAttribute("datetime", dates[0]!);

    // Ending is for good: confirmed first, and Cancel leaves it running.
    await actions.getByRole("button", { name: "End", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: `End the recurring invoice for ${company.name}?` });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId("recurring-status")).toHaveText("Active");
    await actions.getByRole("button", { name: "End", exact: true }).click();
    await confirm.getByRole("button", { name: "End schedule" }).click();
    await expect(page.getByText("Recurring invoice ended")).toBeVisible();
    await expect(page.getByTestId("recurring-status")).toHaveText("Ended");
    await expect(page.getByRole("group", { name: "Recurring invoice actions" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Pause|Resume|End)$/ })).toHaveCount(0);
    await expect(page.getByTestId("recurring-next-issues")).toHaveText("None: the schedule has ended.");

    // The list says so too, with no next date; the server agrees.
    await page.getByRole("link", { name: "Back to Recurring invoices" }).click();
    await expect(row.getByRole("cell").nth(3)).toHaveText("Ended");
    await expect(row.getByRole("cell").nth(5)).toHaveText("—");
    const id = (await row.getByRole("link", { name: company.name, exact: true }).getAttribute("href"))!.split("/").pop()!;
    const stored = await admin.request.get(`/api/recurring-invoices/${id}`);
    expect(stored.status()).toBe(200);
    expect(await stored.json()).toMatchObject({ status: "ended", upcoming: [], issuedCount: 0, dayOfMonth: 31, count: 12, dueDays: 14, startDate, company: { id: company.id } });
    await page.close();
  });
});
