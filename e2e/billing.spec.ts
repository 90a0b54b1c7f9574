import { randomUUID } from "node:crypto";
import { isoToday } from "./support/admin-data";
import { adminApi, createInvoice, customerWithCompany, formatDateInPage, tag, type AdminApi } from "./support/customer-data";
import { expect, test } from "./support/fixtures";

let admin: AdminApi;
test.beforeAll(async ({ browser }) => {
  admin = await adminApi(browser);
});
test.afterAll(async () => {
  await admin.close();
});

/** The three lines the admin types, and what the server's half-up rounding makes of them. */
const lines = [
  { description: "Design", quantity: "2", unitPrice: "150", taxRate: "10", total: "$300.00" },
  { description: "Hosting", quantity: "12", unitPrice: "9.99", taxRate: "", total: "$119.88" },
  // 1.5 × 80.33 = 120.495 → 120.50; its tax 120.50 × 7.5% = 9.0375 → 9.04.
  { description: "Support hours", quantity: "1.5", unitPrice: "80.33", taxRate: "7.5", total: "$120.50" },
];

test.describe("billing", () => {
  test("an admin creates a 3-line invoice in the dialog; the customer opens it and sees its lines and totals", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Lines Co ${t}`);
    const number = `LINES-${t}`;

    await page.goto("/admin/invoices");
    await page.getByRole("button", { name: "New Invoice" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    await dialog.getByLabel("Company").selectOption({ label: customer.company.name });
    await dialog.getByLabel("Invoice Number").fill(number);
    await dialog.getByLabel("Due Date").fill(isoToday(30));
    await dialog.getByRole("button", { name: "Itemize with lines" }).click();
    for (const [index, line] of lines.entries()) {
      if (index > 0) await dialog.getByRole("button", { name: "Add line" }).click();
      const n = index + 1;
      await dialog.getByLabel(`Description, line ${n}`).fill(line.description);
      await dialog.getByLabel(`Quantity, line ${n}`).fill(line.quantity);
      await dialog.getByLabel(`Unit Price, line ${n}`).fill(line.unitPrice);
      await dialog.getByLabel(`Tax %, line ${n}`).fill(line.taxRate);
    }
    // A line added by mistake and removed again: the lines after it move up with their values.
    await dialog.getByRole("button", { name: "Add line" }).click();
    await dialog.getByLabel("Description, line 4").fill("Mistake");
    await dialog.getByLabel("Unit Price, line 4").fill("5");
    await expect(dialog.getByTestId("preview-total")).toHaveText("584.42");
    await dialog.getByRole("button", { name: "Remove line 2" }).click();
    await expect(dialog.getByLabel("Description, line 2")).toHaveValue("Support hours");
    await expect(dialog.getByLabel("Description, line 3")).toHaveValue("Mistake");
    await dialog.getByRole("button", { name: "Remove line 3" }).click();
    await dialog.getByRole("button", { name: "Add line" }).click();
    await dialog.getByLabel("Description, line 3").fill(lines[1]!.description);
    await dialog.getByLabel("Quantity, line 3").fill(lines[1]!.quantity);
    await dialog.getByLabel("Unit Price, line 3").fill(lines[1]!.unitPrice);
    await expect(dialog.getByRole("button", { name: /^Remove line/ })).toHaveCount(3);
    // The live preview adds up as the server will (a new invoice's currency is not known yet).
    await expect(dialog.getByTestId("preview-subtotal")).toHaveText("540.38");
    await expect(dialog.getByTestId("preview-tax")).toHaveText("39.04");
    await expect(dialog.getByTestId("preview-total")).toHaveText("579.42");
    await dialog.getByLabel("Notes").fill("Thank you for your business.");
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await expect(page.getByText("Invoice created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    const customerPage = customer.page;
    await customerPage.goto("/dashboard/invoices");
    await customerPage.getByRole("link", { name: number }).click();
    await expect(customerPage).toHaveURL(/\/dashboard\/invoices\/[0-9a-f-]{36}$/);
    await expect(customerPage.getByRole("heading", { name: `Invoice ${number}`, level: 1 })).toBeVisible();
    const table = customerPage.getByRole("table", { name: "Invoice lines" });
    await expect(table.getByRole("columnheader")).toHaveText(["Description", "Quantity", "Unit Price", "Tax Rate", "Total"]);
    const rows = table.getByRole("row");
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1).getByRole("cell")).toHaveText(["Design", "2", "$150.00", "10%", "$300.00"]);
    // Hosting was removed and added again: it is last now.
    await expect(rows.nth(2).getByRole("cell")).toHaveText(["Support hours", "1.5", "$80.33", "7.5%", "$120.50"]);
    await expect(rows.nth(3).getByRole("cell")).toHaveText(["Hosting", "12", "$9.99", "—", "$119.88"]);
    await expect(customerPage.getByTestId("invoice-subtotal")).toHaveText("$540.38");
    await expect(customerPage.getByTestId("invoice-tax")).toHaveText("$39.04");
    await expect(customerPage.getByTestId("invoice-total")).toHaveText("$579.42");
    await expect(customerPage.getByText("Thank you for your business.")).toBeVisible();
    await expect(customerPage.getByText("No PDF")).toBeVisible();
    await expect(customerPage.getByText("Overdue", { exact: true })).toHaveCount(0);

    await customerPage.getByRole("link", { name: "Back to Invoices" }).click();
    await expect(customerPage.getByRole("table", { name: "Invoices" })).toBeVisible();
    await customer.context.close();
  });

  test("an invoice past its due date is Overdue on the list and the detail, and the totals above the table add up", async ({ browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Late Co ${t}`);
    const late = await createInvoice(admin, customer.company.id, { invoiceNumber: `LATE-${t}`, amount: "100", issueDate: "2026-01-01", dueDate: "2026-01-31" });
    const notDue = await createInvoice(admin, customer.company.id, { invoiceNumber: `OPEN-${t}`, amount: "50.25", issueDate: isoToday(), dueDate: isoToday(30) });
    // Paid long after its due date: never overdue, and owed no more.
    const paid = await createInvoice(admin, customer.company.id, { invoiceNumber: `PAID-${t}`, amount: "999", issueDate: "2026-01-01", dueDate: "2026-01-31", status: "paid" });
    const { page } = customer;

    await page.goto("/dashboard/invoices");
    await expect(page.getByRole("group", { name: "Outstanding" }).getByTestId("balance-outstanding")).toHaveText("$150.25");
    await expect(page.getByRole("group", { name: "Overdue" }).getByTestId("balance-overdue")).toHaveText("$100.00");
    const table = page.getByRole("table", { name: "Invoices" });
    const row = (number: string) => table.getByRole("row").filter({ hasText: number });
    await expect(row(late.invoiceNumber).getByText("Overdue", { exact: true })).toHaveClass(/bg-red-100/);
    await expect(row(late.invoiceNumber).getByText("Unpaid", { exact: true })).toBeVisible();
    await expect(row(notDue.invoiceNumber).getByRole("cell").nth(4)).toHaveText("Unpaid");
    await expect(row(paid.invoiceNumber).getByRole("cell").nth(4)).toHaveText("Paid");

    await row(late.invoiceNumber).getByRole("link", { name: late.invoiceNumber }).click();
    await expect(page.getByRole("heading", { name: `Invoice ${late.invoiceNumber}`, level: 1 })).toBeVisible();
    await expect(page.getByText("Overdue", { exact: true })).toBeVisible();
    await expect(page.getByText(await formatDateInPage(page, "2026-01-31"))).toBeVisible();
    // A single amount is one "Services" line.
    await expect(page.getByRole("table", { name: "Invoice lines" }).getByRole("row").nth(1).getByRole("cell")).toHaveText(["Services", "1", "$100.00", "—", "$100.00"]);

    // The Company page shows what is outstanding; the admin's customer detail shows both sums.
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Outstanding Balance" }).getByTestId("stat-value")).toHaveText("$150.25");
    await customer.context.close();
  });

  test("a missing or malformed invoice id is 'Invoice not found'", async ({ customerPage: page }) => {
    await page.goto(`/dashboard/invoices/${randomUUID()}`);
    await expect(page.getByText("Invoice not found")).toBeVisible();
    await page.goto("/dashboard/invoices/not-an-id");
    await expect(page.getByText("Invoice not found")).toBeVisible();
  });

  test("the admin's customer detail shows the outstanding and overdue balances", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Owing Co ${t}`);
    await createInvoice(admin, customer.company.id, { invoiceNumber: `OW-${t}-1`, amount: "20.10", issueDate: "2026-01-01", dueDate: "2026-01-02" });
    await createInvoice(admin, customer.company.id, { invoiceNumber: `OW-${t}-2`, amount: "5", issueDate: isoToday(), dueDate: isoToday(10) });
    await page.goto(`/admin/customers/${customer.company.id}`);
    await expect(page.getByRole("group", { name: "Outstanding" }).getByTestId("balance-outstanding")).toHaveText("$25.10");
    await expect(page.getByRole("group", { name: "Overdue" }).getByTestId("balance-overdue")).toHaveText("$20.10");
    await customer.context.close();
  });

  test("a paid invoice's lines cannot be edited, and the Edit dialog says why", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Paid Co ${t}`);
    const number = `PAIDL-${t}`;
    const response = await admin.request.post("/api/invoices", {
      data: { companyId: customer.company.id, invoiceNumber: number, issueDate: "2026-01-01", status: "paid", lines: lines.slice(0, 2).map(({ total: _total, ...line }) => ({ ...line, taxRate: line.taxRate || null })) },
    });
    expect(response.status(), await response.text()).toBe(201);

    await page.goto(`/admin/invoices?q=${number}`);
    const row = page.getByRole("row").filter({ hasText: number });
    await row.getByRole("button", { name: /Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Invoice" });
    await expect(dialog.getByText("A paid invoice's lines cannot change.", { exact: false })).toBeVisible();
    await expect(dialog.getByLabel("Description, line 1")).toHaveValue("Design");
    await expect(dialog.getByLabel("Description, line 1")).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Add line" })).toBeDisabled();
    await expect(dialog.getByTestId("preview-total")).toHaveText("$449.88");
    // The other fields still save; the lines are not sent, so the server keeps them.
    await dialog.getByLabel("Notes").fill("Paid by card.");
    await dialog.getByRole("button", { name: "Update Invoice" }).click();
    await expect(page.getByText("Invoice updated successfully")).toBeVisible();
    await customer.context.close();
  });
});
