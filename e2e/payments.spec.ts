import type { Request } from "@playwright/test";
import { isoToday } from "./support/admin-data";
import { createInvoice, formatDateInPage, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";
import { mailTo } from "./support/mailbox";

test.describe("payments", () => {
  test("a customer pays 40 of 100 through the hosted checkout, the admin records the other 60 by bank transfer, and the customer's page and receipts follow", async ({
    admin,
    adminPage,
    newCustomer,
    baseURL,
  }) => {
    const customer = await newCustomer(`Payer Co ${tag()}`);
    const { page } = customer;
    const invoiceNumber = `INV-${tag()}`;
    const dueDate = isoToday(30);
    const invoice = await createInvoice(admin, customer.company.id, { invoiceNumber, amount: "100", issueDate: isoToday(), dueDate, allowPartialPayment: true });
    expect(invoice).toMatchObject({ status: "unpaid", amountPaid: "0.00", amountDue: "100.00", allowPartialPayment: true });
    const invoicePage = `/dashboard/invoices/${invoice.id}`;
    const returnUrl = `${baseURL}${invoicePage}?payment=returned`;

    // The customer's page leads with what is due and by when, then Pay.
    await page.goto(invoicePage);
    const amountDue = page.getByRole("region", { name: "Amount due" });
    await expect(amountDue.getByTestId("invoice-amount-due")).toHaveText("$100.00");
    await expect(amountDue.getByTestId("invoice-due")).toHaveText(`Due ${await formatDateInPage(page, dueDate)}`);
    await expect(page.getByText("Unpaid", { exact: true })).toBeVisible();
    await expect(page.getByText("No payments yet")).toBeVisible();
    const payOnline = amountDue.getByRole("form", { name: "Pay online" });
    const amountToPay = payOnline.getByRole("textbox", { name: "Amount to pay" });
    await expect(amountToPay).toHaveValue("100.00");
    await amountToPay.fill("40");
    await payOnline.getByRole("button", { name: "Pay" }).click();

    // The provider's hosted checkout, for the part typed.
    await expect(page.getByRole("heading", { name: "Pay 40.00 USD" })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(`http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`);

    // Stripe does not promise its webhook before the payer's return. Here the return comes first:
    // the page's Pay posts to the checkout, which answers with the return, and the test makes that
    // same post to the fake afterwards, so the page is seen confirming until the webhook arrives.
    let heldPay: Request | undefined;
    await page.route(/\/checkout\/[^/]+\/pay$/, async (route) => {
      heldPay = route.request();
      await route.fulfill({ status: 303, headers: { location: returnUrl } });
    });
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(returnUrl);
    const paymentStatus = amountDue.getByRole("status");
    await expect(paymentStatus).toHaveText("Confirming your payment…");
    await expect(amountDue.getByTestId("invoice-amount-due")).toHaveText("$100.00");

    // The checkout's own Pay: it delivers the signed webhook, then sends the payer back to the same place.
    expect(heldPay, "the checkout page's Pay posted").toBeDefined();
    const paid = await customer.context.request.post(heldPay!.url(), { maxRedirects: 0 });
    expect(paid.status(), await paid.text()).toBe(303);
    expect(paid.headers()["location"]).toBe(returnUrl);

    // The event stream brings the invoice again: confirmed, without a reload.
    await expect(paymentStatus).toHaveText("Payment received. Thank you!");
    await expect(page).toHaveURL(`${baseURL}${invoicePage}`);
    await expect(amountDue.getByTestId("invoice-amount-due")).toHaveText("$60.00");
    await expect(page.getByText("Partially paid", { exact: true })).toBeVisible();
    await expect(amountToPay).toHaveValue("60.00");
    const payments = page.getByRole("table", { name: "Payments" });
    await expect(payments.getByRole("columnheader")).toHaveText(["Date", "Method", "Amount", "Refunded"]);
    const today = await formatDateInPage(page, isoToday());
    await expect(payments.getByRole("row")).toHaveCount(2);
    // The method, and under it the provider's reference (Stripe's payment intent).
    await expect(payments.getByRole("row").nth(1).getByRole("cell")).toHaveText([today, /^Card \(online\)pi_test_\w+$/, "$40.00", "—"]);

    // The admin records the rest, received by bank transfer.
    await adminPage.goto(`/admin/invoices/${invoice.id}`);
    await expect(adminPage.getByRole("group", { name: "Amount paid" }).getByTestId("invoice-amount-paid")).toHaveText("$40.00");
    await expect(adminPage.getByRole("group", { name: "Amount due" }).getByTestId("invoice-amount-due")).toHaveText("$60.00");
    await adminPage.getByRole("button", { name: "Record payment" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Record payment" });
    await expect(dialog.getByLabel("Amount")).toHaveValue("60.00");
    await expect(dialog.getByLabel("Method").locator("option")).toHaveText(["Bank transfer", "Cash"]);
    await dialog.getByLabel("Method").selectOption({ label: "Bank transfer" });
    await expect(dialog.getByLabel("Payment date")).toHaveValue(isoToday());
    const reference = `TRF-${tag()}`;
    await dialog.getByLabel("Reference").fill(reference);
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(adminPage.getByText("Payment recorded")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(adminPage.getByRole("group", { name: "Amount paid" }).getByTestId("invoice-amount-paid")).toHaveText("$100.00");
    await expect(adminPage.getByRole("group", { name: "Amount due" }).getByTestId("invoice-amount-due")).toHaveText("$0.00");
    await expect(adminPage.getByText("Paid", { exact: true })).toBeVisible();
    // Nothing is due any more: nothing to record.
    await expect(adminPage.getByRole("button", { name: "Record payment" })).toHaveCount(0);
    const adminRows = adminPage.getByRole("table", { name: "Payments" }).getByRole("row");
    await expect(adminRows).toHaveCount(3);
    await expect(adminRows.nth(2).getByRole("cell").nth(1)).toHaveText(`Bank transfer${reference}`);
    await expect(adminRows.nth(2).getByRole("cell").nth(2)).toHaveText("$60.00");

    // The customer's open page follows on the event stream: paid, nothing due, no Pay.
    await expect(page.getByText("Paid", { exact: true })).toBeVisible();
    await expect(amountDue.getByTestId("invoice-amount-due")).toHaveText("$0.00");
    await expect(payOnline).toHaveCount(0);
    await expect(payments.getByRole("row")).toHaveCount(3);
    await expect(payments.getByRole("row").nth(2).getByRole("cell")).toHaveText([today, `Bank transfer${reference}`, "$60.00", "—"]);

    // A receipt for each payment, the PDF receipt attached: the online one to its payer, the admin's
    // to the company's owner (the same customer here).
    const subject = `Receipt for invoice ${invoiceNumber}`;
    const receipts = () => mailTo(customer.credentials.email).filter((mail) => mail.subject === subject);
    await expect.poll(() => receipts().length, { message: "two receipts", timeout: 20_000 }).toBe(2);
    const online = receipts().find((mail) => mail.text.includes("We received $40.00"));
    const transfer = receipts().find((mail) => mail.text.includes("We received $60.00"));
    expect(online?.text).toContain("$60.00 of it is still due.");
    expect(transfer?.text).toContain("The invoice is now paid in full.");
    for (const receipt of [online!, transfer!]) {
      expect(receipt.attachments).toHaveLength(1);
      const [pdf] = receipt.attachments;
      expect(pdf).toMatchObject({ filename: `Receipt ${invoiceNumber}.pdf`, contentType: "application/pdf" });
      expect(pdf!.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
  });
});
