import { createInvoice, formatDateInPage, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";

test.describe("customer invoices", () => {
  test("shows the empty state, then the company's invoices with dates, amounts, status and PDF action", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Billing Co ${tag()}`);
    const { page } = customer;
    await page.goto("/dashboard/invoices");
    await expect(page.getByText("No Invoices Yet")).toBeVisible();
    const paid = await createInvoice(admin, customer.company.id, {
      invoiceNumber: `INV-${tag()}-1`,
      amount: "1234.5",
      issueDate: "2026-01-15",
      dueDate: "2026-02-14",
      pdfUrl: "https://files.example.test/invoices/1.pdf",
      status: "paid",
    });
    const open = await createInvoice(admin, customer.company.id, {
      invoiceNumber: `INV-${tag()}-2`,
      amount: "99",
      issueDate: "2026-03-01",
    });

    await page.reload();
    const table = page.getByRole("table", { name: "Invoices" });
    await expect(table.getByRole("columnheader")).toHaveText(["Invoice Number", "Issue Date", "Due Date", "Amount", "Status", "Action"]);
    const rows = table.getByRole("row");
    // Header plus two invoices, newest issue date first.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1).getByRole("cell")).toHaveText([
      open.invoiceNumber,
      await formatDateInPage(page, "2026-03-01"),
      "N/A",
      "$99.00",
      "Unpaid",
      // Neither uploaded nor linked: the generated PDF.
      "Download",
    ]);
    await expect(rows.nth(2).getByRole("cell")).toHaveText([
      paid.invoiceNumber,
      await formatDateInPage(page, "2026-01-15"),
      await formatDateInPage(page, "2026-02-14"),
      "$1,234.50",
      "Paid",
      "Download",
    ]);
    // Paid is green, anything else red.
    await expect(rows.nth(2).getByText("Paid", { exact: true })).toHaveClass(/bg-green-100/);
    await expect(rows.nth(1).getByText("Unpaid", { exact: true })).toHaveClass(/bg-red-100/);

    // Download opens the PDF in a new tab, through the API's access check.
    const download = rows.nth(2).getByRole("link", { name: "Download" });
    await expect(download).toHaveAttribute("href", `/api/invoices/${paid.id}/pdf`);
    await expect(download).toHaveAttribute("target", "_blank");
    await expect(download).toHaveAttribute("rel", "noopener noreferrer");
    // Without a PDF of its own, the invoice's Download is the generated one; its number leads to its detail.
    await expect(rows.nth(1).getByRole("link")).toHaveText([open.invoiceNumber, "Download"]);
    await expect(rows.nth(1).getByRole("link", { name: open.invoiceNumber })).toHaveAttribute("href", `/dashboard/invoices/${open.id}`);
    const redirect = await customer.context.request.get(`/api/invoices/${paid.id}/pdf`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()["location"]).toBe("https://files.example.test/invoices/1.pdf");
  });
});
