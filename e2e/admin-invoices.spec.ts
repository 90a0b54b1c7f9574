import { adminCreatesCompany, isoToday, listUrl } from "./support/admin-data";
import { adminApi, createInvoice, failRequests, formatDateInPage, tag, type AdminApi } from "./support/customer-data";
import { expect, test } from "./support/fixtures";

let admin: AdminApi;
test.beforeAll(async ({ browser }) => {
  admin = await adminApi(browser);
});
test.afterAll(async () => {
  await admin.close();
});

test.describe("admin invoices", () => {
  test("creates an invoice through 'Create New Invoice' after checking the input, and shows 'Error creating invoice' with the server message for a duplicate number", async ({ adminPage: page }) => {
    const t = tag();
    const company = await adminCreatesCompany(admin, `Billing Co ${t}`);
    const number = `INV-${t}`;

    await page.goto("/admin/invoices");
    await expect(page.getByRole("heading", { name: "Invoices", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "New Invoice" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    await expect(dialog.getByLabel("Status")).toHaveValue("unpaid");
    await expect(dialog.getByLabel("Status").locator("option")).toHaveText(["Draft", "Unpaid", "Paid"]);
    await expect(dialog.getByLabel("Issue Date")).toHaveValue(isoToday());
    await expect(dialog.getByLabel("Amount")).toHaveAttribute("step", "0.01");
    await expect(dialog.getByLabel("Amount")).toHaveAttribute("min", "0");

    // The number the server suggests (the series of the invoice created last, which parallel tests
    // may be writing: invoice-number.test.ts holds the rule), cleared here to see the rule.
    await expect(dialog.getByLabel("Invoice Number")).toHaveValue(/\d$/);
    await dialog.getByLabel("Invoice Number").fill("");
    await dialog.getByLabel("Issue Date").fill("");
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await expect(dialog.getByText("Choose a company")).toBeVisible();
    await expect(dialog.getByText("Invoice number is required")).toBeVisible();
    await expect(dialog.getByText("Amount is required")).toBeVisible();
    await expect(dialog.getByText("Issue date must be a date (YYYY-MM-DD)")).toBeVisible();

    await dialog.getByLabel("Company").selectOption({ label: company.name });
    await dialog.getByLabel("Invoice Number").fill(number);
    await dialog.getByLabel("Amount").fill("1234.5");
    await dialog.getByLabel("Issue Date").fill("2026-03-10");
    await dialog.getByLabel("Due Date").fill("2026-03-01");
    await dialog.getByLabel("PDF URL").fill("ftp://files.example.test/invoice.pdf");
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await expect(dialog.getByText("Due date cannot be before the issue date")).toBeVisible();
    await expect(dialog.getByText("PDF URL must be an http:// or https:// address")).toBeVisible();

    await dialog.getByLabel("Due Date").fill("2026-04-09");
    await dialog.getByLabel("PDF URL").fill("https://files.example.test/invoice.pdf");
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await expect(page.getByText("Invoice created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole("searchbox", { name: "Search invoices" }).fill(number);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${number}`));
    await expect(page.getByRole("columnheader")).toHaveText(["Invoice #", "Company", "Amount", "Amount due", "Issue Date", "Due Date", "Status", "Actions"]);
    await expect(page.getByRole("row")).toHaveCount(2);
    const row = page.getByRole("row").filter({ hasText: number });
    const cells = row.getByRole("cell");
    await expect(cells.nth(0)).toHaveText(number);
    await expect(cells.nth(1)).toHaveText(company.name);
    await expect(cells.nth(2)).toHaveText("$1,234.50");
    // Nothing paid yet: all of it is due.
    await expect(cells.nth(3)).toHaveText("$1,234.50");
    await expect(cells.nth(4)).toHaveText(await formatDateInPage(page, "2026-03-10"));
    await expect(cells.nth(5)).toHaveText(await formatDateInPage(page, "2026-04-09"));
    // Due 2026-04-09, which has passed: the red Overdue badge beside the status.
    await expect(cells.nth(6)).toHaveText(/^Unpaid\s*Overdue$/);
    await expect(cells.nth(6).getByText("Overdue", { exact: true })).toHaveClass(/bg-red-100/);
    const pdf = row.getByRole("link", { name: /Open PDF/ });
    await expect(pdf).toHaveAttribute("target", "_blank");
    await expect(pdf).toHaveAttribute("href", /^\/api\/invoices\/[0-9a-f-]{36}\/pdf$/);

    // The same number again: the server's message, and the dialog stays open.
    await page.getByRole("button", { name: "New Invoice" }).click();
    await dialog.getByLabel("Company").selectOption({ label: company.name });
    await dialog.getByLabel("Invoice Number").fill(number);
    await dialog.getByLabel("Amount").fill("20");
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await expect(page.getByText(/^Error creating invoice: .*An invoice with this number already exists$/)).toBeVisible();
    await expect(dialog.getByText("An invoice with this number already exists", { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test("opens an issued invoice read-only, as the customer reads it; Edit changes what may still change, Cancel and a save return to the read-only view", async ({ adminPage: page }) => {
    const t = tag();
    const company = await adminCreatesCompany(admin, `Read Only Co ${t}`);
    const invoice = await createInvoice(admin, company.id, { invoiceNumber: `RO-${t}`, amount: "250", issueDate: "2026-02-01", dueDate: "2026-03-01", notes: `Thanks ${t}` });

    await page.goto(`/admin/invoices/${invoice.id}`);
    const details = page.getByRole("main");
    await expect(details.getByTestId("invoice-total")).toHaveText("$250.00");
    await expect(details.getByText(`Thanks ${t}`)).toBeVisible();
    for (const role of ["textbox", "combobox", "spinbutton", "checkbox"] as const) await expect(details.getByRole(role)).toHaveCount(0);

    await details.getByRole("button", { name: "Edit", exact: true }).click();
    await expect(details.getByLabel("Due Date")).toHaveValue("2026-03-01");
    await details.getByRole("button", { name: "Cancel" }).click();
    await expect(details.getByRole("textbox")).toHaveCount(0);

    await details.getByRole("button", { name: "Edit", exact: true }).click();
    await details.getByLabel("Due Date").fill("2026-03-15");
    await details.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Invoice updated successfully")).toBeVisible();
    await expect(details.getByRole("textbox")).toHaveCount(0);
    await expect(details.getByRole("definition").filter({ hasText: await formatDateInPage(page, "2026-03-15") })).toHaveCount(1);
  });

  test("marks an invoice paid and unpaid again, and opens a linked PDF in a new tab through the API", async ({ adminPage: page }) => {
    const t = tag();
    const company = await adminCreatesCompany(admin, `Paying Co ${t}`);
    const invoice = await createInvoice(admin, company.id, { invoiceNumber: `PAY-${t}`, amount: "99.99", issueDate: "2026-02-01" });
    // Any http(s) address will do as the stored PDF; our own health check answers without the internet.
    const pdfUrl = `${test.info().project.use.baseURL}/api/health`;
    const linked = await createInvoice(admin, company.id, { invoiceNumber: `PDF-${t}`, amount: "5", issueDate: "2026-02-01", pdfUrl });

    await page.goto(`/admin/invoices?q=${invoice.invoiceNumber}`);
    const row = page.getByRole("row").filter({ hasText: invoice.invoiceNumber });
    await expect(row.getByRole("cell").nth(2)).toHaveText("$99.99");
    await expect(row.getByRole("cell").nth(3)).toHaveText("$99.99");
    await expect(row.getByRole("cell").nth(5)).toHaveText("N/A");
    // No PDF uploaded or linked: the one Portico generates.
    await expect(row.getByRole("link", { name: /Open PDF/ })).toBeVisible();
    await row.getByRole("button", { name: /Mark Paid/ }).click();
    await expect(page.getByText("Invoice marked as paid")).toBeVisible();
    await expect(row.getByRole("cell").nth(6)).toHaveText("Paid");
    // Marked paid by hand: nothing due, though no payment was recorded.
    await expect(row.getByRole("cell").nth(3)).toHaveText("$0.00");
    await row.getByRole("button", { name: /Mark Unpaid/ }).click();
    await expect(page.getByText("Invoice marked as unpaid")).toBeVisible();
    await expect(row.getByRole("cell").nth(6)).toHaveText("Unpaid");
    await expect(row.getByRole("cell").nth(3)).toHaveText("$99.99");

    await page.goto(`/admin/invoices?q=${linked.invoiceNumber}`);
    const popup = page.waitForEvent("popup");
    await page.getByRole("row").filter({ hasText: linked.invoiceNumber }).getByRole("link", { name: /Open PDF/ }).click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toBe(pdfUrl);
  });

  test("edits every field of an invoice from the list, checked as on create; another invoice's number shows 'Error updating invoice' with the server message and keeps the invoice", async ({
    adminPage: page,
  }) => {
    const t = tag();
    const company = await adminCreatesCompany(admin, `Editing Co ${t}`);
    const taken = await createInvoice(admin, company.id, { invoiceNumber: `TAKEN-${t}`, amount: "10", issueDate: "2026-01-01" });
    const invoice = await createInvoice(admin, company.id, {
      invoiceNumber: `OLD-${t}`,
      amount: "99.99",
      issueDate: "2026-02-01",
      dueDate: "2026-03-01",
      pdfUrl: "https://files.example.test/old.pdf",
      // Only a draft's number, amount and issue date may change; saving it as paid issues it.
      status: "draft",
    });

    await page.goto(`/admin/invoices?q=${invoice.invoiceNumber}`);
    await page.getByRole("row").filter({ hasText: invoice.invoiceNumber }).getByRole("button", { name: /Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Invoice" });
    await expect(dialog.getByText(`Company: ${company.name}`)).toBeVisible();
    await expect(dialog.getByLabel("Invoice Number")).toHaveValue(invoice.invoiceNumber);
    await expect(dialog.getByLabel("Amount")).toHaveValue("99.99");
    await expect(dialog.getByLabel("Issue Date")).toHaveValue("2026-02-01");
    await expect(dialog.getByLabel("Due Date")).toHaveValue("2026-03-01");
    await expect(dialog.getByLabel("PDF URL")).toHaveValue("https://files.example.test/old.pdf");
    await expect(dialog.getByLabel("Status")).toHaveValue("draft");

    // Another invoice's number: refused by the server, the dialog stays open, nothing is changed.
    await dialog.getByLabel("Invoice Number").fill(taken.invoiceNumber);
    await dialog.getByLabel("Amount").fill("25");
    await dialog.getByRole("button", { name: "Update Invoice" }).click();
    await expect(page.getByText(/^Error updating invoice: .*An invoice with this number already exists$/)).toBeVisible();
    await expect(dialog.getByText("An invoice with this number already exists", { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
    // The detail adds its lines, payments and whether the caller may pay online to what the create
    // answered: still the one line of 99.99, no payment, and an admin never pays.
    expect(await (await admin.request.get(`/api/invoices/${invoice.id}`)).json()).toEqual({
      ...invoice,
      replacedBy: null,
      quote: null,
      payments: [],
      payOnline: false,
      lines: [expect.objectContaining({ description: "Services", quantity: "1.000", unitPrice: "99.99", total: "99.99" })],
    });

    await dialog.getByLabel("Invoice Number").fill(" ");
    await dialog.getByLabel("Amount").fill("");
    await dialog.getByLabel("Due Date").fill("2026-01-15");
    await dialog.getByLabel("PDF URL").fill("ftp://files.example.test/new.pdf");
    await dialog.getByRole("button", { name: "Update Invoice" }).click();
    await expect(dialog.getByText("Invoice number is required")).toBeVisible();
    await expect(dialog.getByText("Amount is required")).toBeVisible();
    await expect(dialog.getByText("Due date cannot be before the issue date")).toBeVisible();
    await expect(dialog.getByText("PDF URL must be an http:// or https:// address")).toBeVisible();

    const number = `NEW-${t}`;
    await dialog.getByLabel("Invoice Number").fill(number);
    await dialog.getByLabel("Amount").fill("1500.5");
    await dialog.getByLabel("Issue Date").fill("2026-05-01");
    await dialog.getByLabel("Due Date").fill("2026-05-31");
    await dialog.getByLabel("PDF URL").fill("https://files.example.test/new.pdf");
    await dialog.getByLabel("Status").selectOption("paid");
    await dialog.getByRole("button", { name: "Update Invoice" }).click();
    await expect(page.getByText("Invoice updated successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole("searchbox", { name: "Search invoices" }).fill(number);
    const row = page.getByRole("row").filter({ hasText: number });
    await expect(row.getByRole("cell").nth(0)).toHaveText(number);
    await expect(row.getByRole("cell").nth(2)).toHaveText("$1,500.50");
    await expect(row.getByRole("cell").nth(3)).toHaveText("$0.00");
    await expect(row.getByRole("cell").nth(4)).toHaveText(await formatDateInPage(page, "2026-05-01"));
    await expect(row.getByRole("cell").nth(5)).toHaveText(await formatDateInPage(page, "2026-05-31"));
    await expect(row.getByRole("cell").nth(6)).toHaveText("Paid");
    const stored = await (await admin.request.get(`/api/invoices/${invoice.id}`)).json();
    expect(stored).toMatchObject({ invoiceNumber: number, amount: "1500.50", issueDate: "2026-05-01", dueDate: "2026-05-31", pdfUrl: "https://files.example.test/new.pdf", status: "paid" });

    // Blank optional fields are stored as none.
    await row.getByRole("button", { name: /Edit/ }).click();
    await dialog.getByLabel("Due Date").fill("");
    await dialog.getByLabel("PDF URL").fill("");
    await dialog.getByRole("button", { name: "Update Invoice" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole("cell").nth(5)).toHaveText("N/A");
    // Without a link the generated PDF is served: the row still offers one.
    await expect(row.getByRole("link", { name: /Open PDF/ })).toBeVisible();
    expect(await (await admin.request.get(`/api/invoices/${invoice.id}`)).json()).toMatchObject({ dueDate: null, pdfUrl: null, invoiceNumber: number });
  });

  test("sorts by creation date, newest first until asked for oldest first, keeping the order in the URL", async ({ adminPage: page }) => {
    const t = tag();
    const company = await adminCreatesCompany(admin, `Sorted Co ${t}`);
    // Created B, C, A: neither the numbers nor the issue dates are in creation order, so only a
    // sort by creation date lists them A, C, B (newest first) and B, C, A (oldest first).
    const made = [];
    for (const [letter, issueDate] of [["B", "2026-01-15"], ["C", "2026-03-01"], ["A", "2026-02-01"]] as const) {
      made.push(await createInvoice(admin, company.id, { invoiceNumber: `SORT-${t}-${letter}`, amount: "10", issueDate }));
    }
    const firstCells = page.getByRole("table").getByRole("row").locator("td:first-child");

    await page.goto(`/admin/invoices?q=SORT-${t}`);
    await expect(firstCells).toHaveText(made.map((invoice) => invoice.invoiceNumber).reverse());

    await page.getByRole("button", { name: /Newest first/ }).click();
    await expect(page).toHaveURL(/[?&]sort=asc/);
    await expect(page.getByRole("button", { name: /Oldest first/ })).toBeVisible();
    await expect(firstCells).toHaveText(made.map((invoice) => invoice.invoiceNumber));

    await page.goBack();
    await expect(page.getByRole("button", { name: /Newest first/ })).toBeVisible();
    await expect(firstCells).toHaveText(made.map((invoice) => invoice.invoiceNumber).reverse());
  });

  test("says 'Error fetching invoices' and 'Error fetching companies' when loading fails", async ({ adminPage: page }) => {
    await failRequests(page, listUrl("invoices"), { method: "GET", status: 500 });
    await failRequests(page, /\/api\/companies\/options$/, { method: "GET", status: 500 });
    await page.goto("/admin/invoices");
    await expect(page.getByText("Error fetching invoices")).toBeVisible();
    await expect(page.getByText("Could not load invoices.")).toBeVisible();
    await page.getByRole("button", { name: "New Invoice" }).click();
    await expect(page.getByText("Error fetching companies")).toBeVisible();
  });
});
