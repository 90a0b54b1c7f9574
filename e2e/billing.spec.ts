import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { extractText, getDocumentProxy } from "unpdf";
import { adminCreatesCompany, isoToday } from "./support/admin-data";
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

/** The text of a downloaded PDF, its pages joined, as a reader would copy it. */
async function pdfText(path: string): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(readFileSync(path))), { mergePages: true });
  return text;
}

test.describe("billing", () => {
  test("an admin creates a 3-line draft in the dialog and issues it from its page; the customer never sees the draft, then sees the lines, totals, Overdue and the PDF", async ({ adminPage: page, browser }) => {
    // The issue's whole acceptance journey, across two people: longer than one screen's test.
    test.slow();
    const t = tag();
    const customer = await customerWithCompany(browser, `Lines Co ${t}`);
    const number = `LINES-${t}`;

    await page.goto("/admin/invoices");
    await page.getByRole("button", { name: "New Invoice" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    // The server suggests the next number of the series in use; the admin's own replaces it.
    await expect(dialog.getByLabel("Invoice Number")).toHaveValue(/\d$/);
    await expect(dialog.getByLabel("Status")).toHaveValue("unpaid");
    await dialog.getByLabel("Company").selectOption({ label: customer.company.name });
    await dialog.getByLabel("Invoice Number").fill(number);
    // Issued and due in the past: overdue the moment it is issued.
    await dialog.getByLabel("Issue Date").fill("2026-01-05");
    await dialog.getByLabel("Due Date").fill("2026-02-04");
    await dialog.getByLabel("Status").selectOption({ label: "Draft" });
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

    // The draft's page, from its number in the list.
    await page.goto(`/admin/invoices?q=${number}`);
    await page.getByRole("link", { name: number, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
    const draftUrl = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { name: `Invoice ${number}`, level: 1 })).toBeVisible();
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: customer.company.name })).toHaveAttribute("href", `/admin/customers/${customer.company.id}`);
    await expect(page.getByLabel("Description, line 3")).toBeEnabled();
    await expect(page.getByRole("link", { name: /Preview PDF/ })).toBeVisible();

    // A customer never sees a draft: not on their list, and its address is not found.
    const customerPage = customer.page;
    await customerPage.goto("/dashboard/invoices");
    await expect(customerPage.getByText("No Invoices Yet")).toBeVisible();
    await expect(customerPage.getByText(number)).toHaveCount(0);
    await customerPage.goto(draftUrl.replace("/admin/", "/dashboard/"));
    await expect(customerPage.getByText("Invoice not found")).toBeVisible();

    await page.getByRole("button", { name: "Issue", exact: true }).click();
    await expect(page.getByText(`Invoice ${number} issued`)).toBeVisible();
    await expect(page.getByRole("group", { name: "Invoice actions" }).getByRole("button")).toHaveText(["Mark as paid", "Void", "Re-issue"]);
    await expect(page.getByText("Unpaid", { exact: true })).toBeVisible();
    // Issued, it reads as the customer's does; Edit shows what stays locked, and why.
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await expect(page.getByText("An issued invoice keeps its amounts. To change them, void it and re-issue it.")).toBeVisible();
    await expect(page.getByLabel("Description, line 1")).toBeDisabled();
    await expect(page.getByLabel("Invoice Number")).toHaveAttribute("readonly", "");

    await customerPage.goto("/dashboard/invoices");
    await customerPage.getByRole("link", { name: number }).click();
    await expect(customerPage).toHaveURL(draftUrl.replace("/admin/", "/dashboard/"));
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
    await expect(customerPage.getByText("Overdue", { exact: true })).toBeVisible();

    // The PDF Portico generated when the invoice was issued: its text names the invoice and its total.
    const [download] = await Promise.all([customerPage.waitForEvent("download"), customerPage.getByRole("link", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const text = await pdfText(await download.path());
    expect(text).toContain(number);
    expect(text).toContain("$579.42");

    await customerPage.getByRole("link", { name: "Back to Invoices" }).click();
    await expect(customerPage.getByRole("table", { name: "Invoices" })).toBeVisible();
    await customer.context.close();
  });

  test("the admin exports the filtered list as CSV, and the file holds the invoice's row", async ({ adminPage: page }) => {
    const t = tag();
    const company = await adminCreatesCompany(admin, `Export Co ${t}`);
    const invoice = await createInvoice(admin, company.id, { invoiceNumber: `EXP-${t}`, amount: "1234.5", issueDate: "2026-01-01", dueDate: "2026-01-31" });
    await createInvoice(admin, company.id, { invoiceNumber: `EXP-${t}-PAID`, amount: "10", issueDate: "2026-01-01", status: "paid" });

    await page.goto(`/admin/invoices?q=EXP-${t}`);
    await page.getByLabel("Filter by status").selectOption({ label: "Unpaid" });
    await expect(page).toHaveURL(/status=unpaid/);
    await expect(page.getByRole("link", { name: `EXP-${t}-PAID` })).toHaveCount(0);
    await expect(page.getByRole("link", { name: invoice.invoiceNumber, exact: true })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = readFileSync(await download.path(), "utf8").trim().split(/\r?\n/);
    expect(header).toMatch(/^invoice_number,company,status,overdue,issue_date,due_date,subtotal,tax,total,amount_paid,amount_due,currency,paid_at,/);
    // The list's filters went along: the unpaid invoice only, not its paid sibling.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`^EXP-${t},Export Co ${t},unpaid,true,2026-01-01,2026-01-31,1234.50,0.00,1234.50,0.00,1234.50,USD,`));
  });

  test("an admin re-issues an invoice as a draft, deletes one, issues another; the customer sees the original void and what replaces it", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Reissue Co ${t}`);
    const original = await createInvoice(admin, customer.company.id, { invoiceNumber: `ORIG-${t}`, amount: "80", issueDate: isoToday(), dueDate: isoToday(14) });
    const actions = page.getByRole("group", { name: "Invoice actions" });

    await page.goto(`/admin/invoices/${original.id}`);
    await actions.getByRole("button", { name: "Re-issue" }).click();
    await expect(page).not.toHaveURL(new RegExp(original.id));
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: original.invoiceNumber })).toHaveAttribute("href", `/admin/invoices/${original.id}`);
    // A draft goes for good, after a confirmation; Cancel keeps it.
    await actions.getByRole("button", { name: "Delete draft" }).click();
    const confirm = page.getByRole("dialog", { name: /^Delete draft/ });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await actions.getByRole("button", { name: "Delete draft" }).press("Enter");
    await confirm.getByRole("button", { name: "Delete draft" }).click();
    await expect(page).toHaveURL(/\/admin\/invoices$/);

    await page.goto(`/admin/invoices/${original.id}`);
    await actions.getByRole("button", { name: "Re-issue" }).click();
    await expect(page).not.toHaveURL(new RegExp(original.id));
    await expect(page.getByRole("link", { name: original.invoiceNumber })).toBeVisible();
    const replacement = (await page.getByRole("heading", { level: 1 }).textContent())!.replace("Invoice ", "");
    await actions.getByRole("button", { name: "Issue", exact: true }).click();
    await expect(page.getByText(`Invoice ${replacement} issued`)).toBeVisible();

    // Issuing the replacement voided the original.
    await page.getByRole("link", { name: original.invoiceNumber }).click();
    // The replacement's page has a Void button too: wait for the original's page before reading it.
    await expect(page).toHaveURL(new RegExp(`/admin/invoices/${original.id}$`));
    await expect(page.getByRole("heading", { name: `Invoice ${original.invoiceNumber}`, level: 1 })).toBeVisible();
    await expect(page.getByText("Void", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: replacement })).toBeVisible();

    await customer.page.goto(`/dashboard/invoices/${original.id}`);
    await expect(customer.page.getByText("Void", { exact: true })).toHaveClass(/line-through/);
    await customer.page.getByRole("link", { name: replacement }).click();
    await expect(customer.page.getByRole("heading", { name: `Invoice ${replacement}`, level: 1 })).toBeVisible();
    await customer.context.close();
  });

  test("an invoice past its due date is Overdue on the list and the detail, the totals above the table add up, the admin's customer detail shows the same balances, and a missing or malformed invoice id is 'Invoice not found'", async ({
    adminPage,
    browser,
  }) => {
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
    // The amount due leads, with its due date; the dates below repeat it.
    const lateDue = await formatDateInPage(page, "2026-01-31");
    await expect(page.getByTestId("invoice-amount-due")).toHaveText("$100.00");
    await expect(page.getByTestId("invoice-due")).toHaveText(`Due ${lateDue}`);
    await expect(page.getByText(lateDue, { exact: true })).toBeVisible();
    // A single amount is one "Services" line.
    await expect(page.getByRole("table", { name: "Invoice lines" }).getByRole("row").nth(1).getByRole("cell")).toHaveText(["Services", "1", "$100.00", "—", "$100.00"]);

    // The Company page shows what is outstanding; the admin's customer detail shows both sums.
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Outstanding Balance" }).getByTestId("stat-value")).toHaveText("$150.25");
    await adminPage.goto(`/admin/customers/${customer.company.id}`);
    await expect(adminPage.getByRole("group", { name: "Outstanding" }).getByTestId("balance-outstanding")).toHaveText("$150.25");
    await expect(adminPage.getByRole("group", { name: "Overdue" }).getByTestId("balance-overdue")).toHaveText("$100.00");

    await page.goto(`/dashboard/invoices/${randomUUID()}`);
    await expect(page.getByText("Invoice not found")).toBeVisible();
    await page.goto("/dashboard/invoices/not-an-id");
    await expect(page.getByText("Invoice not found")).toBeVisible();
    await customer.context.close();
  });

  test("an issued invoice's lines cannot be edited, and the Edit dialog says why", async ({ adminPage: page }) => {
    const t = tag();
    const company = await adminCreatesCompany(admin, `Paid Co ${t}`);
    const number = `PAIDL-${t}`;
    const response = await admin.request.post("/api/invoices", {
      data: { companyId: company.id, invoiceNumber: number, issueDate: "2026-01-01", status: "paid", lines: lines.slice(0, 2).map(({ total: _total, ...line }) => ({ ...line, taxRate: line.taxRate || null })) },
    });
    expect(response.status(), await response.text()).toBe(201);

    await page.goto(`/admin/invoices?q=${number}`);
    const row = page.getByRole("row").filter({ hasText: number });
    await row.getByRole("button", { name: /Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Invoice" });
    await expect(dialog.getByText("An issued invoice keeps its amounts. To change them, void it and re-issue it.")).toBeVisible();
    await expect(dialog.getByLabel("Description, line 1")).toHaveValue("Design");
    await expect(dialog.getByLabel("Description, line 1")).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Add line" })).toBeDisabled();
    await expect(dialog.getByTestId("preview-total")).toHaveText("$449.88");
    // The other fields still save; the lines are not sent, so the server keeps them.
    await dialog.getByLabel("Notes").fill("Paid by card.");
    await dialog.getByRole("button", { name: "Update Invoice" }).click();
    await expect(page.getByText("Invoice updated successfully")).toBeVisible();
  });
});
